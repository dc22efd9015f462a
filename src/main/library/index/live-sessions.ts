import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readSmallFile } from '../regular-file';

/** A pid file holds a pid and a session id. */
const PID_FILE_MAX_BYTES = 64 * 1024;

/**
 * Sessions a running CLI holds: each CLI process writes `<claudeDir>/sessions/<pid>.json` naming
 * its session, and removes it when it exits. A file left by a crashed process names a pid that is
 * gone (or reused: then the session shows live until the next change, which the mtime check in
 * the library bounds anyway).
 */
export async function liveSessionIds(
  claudeDir: string,
  isProcessAlive: (pid: number) => boolean,
): Promise<Set<string>> {
  const dir = join(claudeDir, 'sessions');
  const live = new Set<string>();
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return live;
  }
  for (const name of names) {
    if (!name.endsWith('.json')) continue;
    try {
      const entry = JSON.parse(await readSmallFile(join(dir, name), PID_FILE_MAX_BYTES)) as unknown;
      if (typeof entry !== 'object' || entry === null) continue;
      const { pid, sessionId } = entry as { pid?: unknown; sessionId?: unknown };
      if (typeof pid === 'number' && typeof sessionId === 'string' && isProcessAlive(pid))
        live.add(sessionId);
    } catch {
      // A pid file being written or removed right now: the next change reads it again.
    }
  }
  return live;
}

/** Signal 0 checks that a process exists; EPERM means it does, under another user. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
