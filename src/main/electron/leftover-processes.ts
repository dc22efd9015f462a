import { execFileSync } from 'node:child_process';
import { signalTree } from '../process/process-tree';

/**
 * The children of `pid` that lead a process group of their own, as `ps -A -o pid=,ppid=,pgid=`
 * lists them: every shell (node-pty starts it in a new session) and every Claude Code process
 * (started detached), but not helpers such as Electron's own processes, given in `exclude`.
 */
export function groupLeadersBelow(table: string, pid: number, exclude: number[]): number[] {
  const skip = new Set(exclude);
  const found: number[] = [];
  for (const row of table.split('\n')) {
    const [child, parent, group] = row.trim().split(/\s+/).map(Number);
    if (child && parent === pid && group === child && !skip.has(child)) found.push(child);
  }
  return found;
}

/**
 * The last resort of a quit that ran out of time: every shell and agent of this process, with
 * all they started, is killed outright. Windows has no `ps`; there ConPTY ends each console with
 * this process, and a pipe-connected CLI leaves when its input closes.
 */
export function killLeftovers(electronPids: number[]): void {
  if (process.platform === 'win32') return;
  let table: string;
  try {
    table = execFileSync('ps', ['-A', '-o', 'pid=,ppid=,pgid='], {
      encoding: 'utf8',
      timeout: 2000,
    });
  } catch {
    return;
  }
  for (const leader of groupLeadersBelow(table, process.pid, electronPids)) {
    signalTree(leader, 'SIGKILL');
  }
}
