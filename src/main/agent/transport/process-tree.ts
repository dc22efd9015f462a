import { execFile, execFileSync } from 'node:child_process';
import { constants } from 'node:os';

/**
 * Signals a child and everything it started. The child leads its own process group, but Claude
 * Code starts its tools' shells in sessions of their own, so on Unix every descendant (found
 * through `ps`, on Linux and macOS alike) gets the signal too. Windows: taskkill /T.
 */
export function signalTree(pid: number, signal: NodeJS.Signals): void {
  if (process.platform === 'win32') {
    execFile('taskkill', ['/pid', String(pid), '/T', '/F'], () => {});
    return;
  }
  signalProcesses([pid, ...descendantsOf(pid)], signal);
}

/** Signals each process and, where it leads one, its process group. */
export function signalProcesses(pids: number[], signal: NodeJS.Signals): void {
  for (const target of pids) {
    if (!trySignal(-target, signal)) trySignal(target, signal);
  }
}

/** Every live process below `pid`, children first. */
export function descendantsOf(pid: number): number[] {
  let table: string;
  try {
    table = execFileSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8', timeout: 5000 });
  } catch {
    return [];
  }
  const children = new Map<number, number[]>();
  for (const row of table.split('\n')) {
    const [child, parent] = row.trim().split(/\s+/).map(Number);
    if (!child || parent === undefined) continue;
    const list = children.get(parent) ?? [];
    list.push(child);
    children.set(parent, list);
  }
  const found: number[] = [];
  const queue = [...(children.get(pid) ?? [])];
  while (queue.length > 0) {
    const next = queue.shift()!;
    found.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return found;
}

function trySignal(target: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(target, signal);
    return true;
  } catch {
    return false;
  }
}

export function signalName(signal: number | string | null | undefined): string | null {
  if (signal === null || signal === undefined || signal === 0) return null;
  if (typeof signal === 'string') return signal;
  const entry = Object.entries(constants.signals as Record<string, number>).find(
    ([, n]) => n === signal,
  );
  return entry ? entry[0] : String(signal);
}
