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

export interface LeftoverDeps {
  platform: NodeJS.Platform;
  /** This process: the app whose leftovers go. */
  pid: number;
  /** Runs a program to its end and returns what it printed; throws if it fails or takes long. */
  run(file: string, args: string[]): string;
  /** Kills a process and everything below it outright (Unix). */
  killTree(pid: number): void;
}

const defaultDeps: LeftoverDeps = {
  platform: process.platform,
  pid: process.pid,
  run: (file, args) =>
    execFileSync(file, args, {
      encoding: 'utf8',
      // The quit has already waited its deadline: a listing that hangs must not hold it longer.
      timeout: 3000,
      windowsHide: true,
    }),
  killTree: (pid) => signalTree(pid, 'SIGKILL'),
};

/**
 * The last resort of a quit that ran out of time: every shell and agent of this process, with
 * all they started, is killed outright. Electron's own processes (`electronPids`) are left to
 * the quit.
 *
 * Windows has neither `ps` nor process groups: the children come from CIM, and `taskkill /T /F`
 * ends each one's tree (a console's conhost, a shell, a CLI and what they started) without
 * another pty.kill(), which can block while the console goes.
 */
export function killLeftovers(electronPids: number[], deps: Partial<LeftoverDeps> = {}): void {
  const { platform, pid, run, killTree } = { ...defaultDeps, ...deps };
  if (platform === 'win32') {
    const children = windowsChildren(run, pid, electronPids);
    if (children.length === 0) return;
    try {
      run('taskkill', [...children.flatMap((child) => ['/pid', String(child)]), '/T', '/F']);
    } catch {
      // taskkill fails when any one of them ended meanwhile; the others are killed all the same.
    }
    return;
  }
  let table: string;
  try {
    table = run('ps', ['-A', '-o', 'pid=,ppid=,pgid=']);
  } catch {
    return;
  }
  for (const leader of groupLeadersBelow(table, pid, electronPids)) killTree(leader);
}

function windowsChildren(run: LeftoverDeps['run'], pid: number, electronPids: number[]): number[] {
  let listing: string;
  try {
    listing = run('powershell.exe', [
      '-NoProfile',
      '-NonInteractive',
      '-Command',
      // The PowerShell asking is a child too, and gone by the time taskkill runs: its id, free
      // again and soon reused, would name some other process's tree.
      `Get-CimInstance Win32_Process -Filter 'ParentProcessId=${pid}' | Where-Object ProcessId -ne $PID | ForEach-Object ProcessId`,
    ]);
  } catch {
    return [];
  }
  const skip = new Set([pid, ...electronPids]);
  return listing
    .split(/\r?\n/)
    .map((line) => Number(line.trim()))
    .filter((child) => Number.isInteger(child) && child > 0 && !skip.has(child));
}
