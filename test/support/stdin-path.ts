import { execFileSync } from 'node:child_process';
import { readlinkSync } from 'node:fs';

/**
 * The file a running process reads as its stdin. Linux has /proc/<pid>/fd (and a fresh machine
 * may have no `lsof`); macOS has no /proc, but always `lsof`. The pty transport, whose FIFO this
 * finds, is Unix only.
 */
export function stdinPath(pid: number): string {
  if (process.platform === 'linux') return readlinkSync(`/proc/${pid}/fd/0`);
  // -a: both conditions (this process, descriptor 0); -Fn: one `n<name>` line per file.
  const listing = execFileSync('lsof', ['-a', '-p', String(pid), '-d', '0', '-Fn'], {
    encoding: 'utf8',
  });
  const name = /^n(.+)$/m.exec(listing)?.[1];
  if (!name) throw new Error(`lsof shows no stdin for process ${pid}:\n${listing}`);
  return name;
}
