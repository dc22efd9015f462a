import { execFile, execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
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

/**
 * The processes whose environment carries `name=value`: what a terminal started, found again
 * after it left the process tree (`setsid`, a daemonizing job, a parent that exited). Linux reads
 * /proc; macOS asks `ps -E`, which appends each process's environment to its command line.
 */
export function processesWithEnv(
  name: string,
  value: string,
  platform: NodeJS.Platform = process.platform,
): number[] {
  const entry = `${name}=${value}`;
  if (platform === 'linux') {
    const found: number[] = [];
    for (const pid of readdirSync('/proc').filter((dir) => /^\d+$/.test(dir))) {
      let environ: string;
      try {
        environ = readFileSync(`/proc/${pid}/environ`, 'latin1');
      } catch {
        continue; // gone, or another user's
      }
      if (environ.split('\0').includes(entry)) found.push(Number(pid));
    }
    return found;
  }
  if (platform === 'darwin') {
    let table: string;
    try {
      table = execFileSync('ps', ['-A', '-E', '-ww', '-o', 'pid=,command='], {
        encoding: 'utf8',
        timeout: 5000,
        maxBuffer: 64 * 1024 * 1024,
      });
    } catch {
      return [];
    }
    return pidsListingEnv(table, entry);
  }
  return [];
}

/** The pids of `ps -E -o pid=,command=` rows whose environment holds `entry` as a whole word. */
export function pidsListingEnv(table: string, entry: string): number[] {
  return table
    .split('\n')
    .filter((row) => ` ${row} `.includes(` ${entry} `))
    .map((row) => Number(row.trim().split(/\s+/)[0]))
    .filter((pid) => pid > 0);
}

/**
 * Whether a process still runs. A zombie does not: it has ended and waits for a parent to reap
 * it, which an init that reaps nothing (some containers' PID 1) never does.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    // The state follows the command name, which is in parentheses and may itself hold spaces.
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no /proc (macOS): kill(0) has the last word
  }
}
