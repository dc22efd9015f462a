import { execFile } from 'node:child_process';
import { readlink } from 'node:fs/promises';

/**
 * The current directory of a running process, or null where it cannot be read: from /proc on
 * Linux, from lsof on macOS; Windows offers no way short of attaching to the process.
 */
export async function processDirectory(
  pid: number,
  platform: NodeJS.Platform = process.platform,
): Promise<string | null> {
  if (platform === 'linux') return readlink(`/proc/${pid}/cwd`).catch(() => null);
  if (platform !== 'darwin') return null;
  return new Promise((resolve) => {
    execFile(
      'lsof',
      ['-a', '-p', String(pid), '-d', 'cwd', '-Fn'],
      { timeout: 2_000 },
      (error, out) => {
        const line = error ? undefined : out.split('\n').find((entry) => entry.startsWith('n'));
        resolve(line ? line.slice(1) : null);
      },
    );
  });
}
