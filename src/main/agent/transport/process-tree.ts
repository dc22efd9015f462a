import { execFile } from 'node:child_process';
import { constants } from 'node:os';

/**
 * Signals a child and everything it started. Both transports start the child as the leader of its
 * own process group, so on Unix the group gets the signal; Windows has no groups, so taskkill /T.
 */
export function signalTree(pid: number, signal: NodeJS.Signals): void {
  if (process.platform === 'win32') {
    execFile('taskkill', ['/pid', String(pid), '/T', '/F'], () => {});
    return;
  }
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone.
    }
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
