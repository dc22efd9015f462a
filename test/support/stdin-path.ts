import { execFileSync } from 'node:child_process';

/**
 * The file a running process reads as its stdin. `lsof` answers on Linux and macOS alike, where
 * /proc/<pid>/fd exists only on Linux. The pty transport, whose FIFO this finds, is Unix only.
 */
export function stdinPath(pid: number): string {
  // -a: both conditions (this process, descriptor 0); -Fn: one `n<name>` line per file.
  const listing = execFileSync('lsof', ['-a', '-p', String(pid), '-d', '0', '-Fn'], {
    encoding: 'utf8',
  });
  const name = /^n(.+)$/m.exec(listing)?.[1];
  if (!name) throw new Error(`lsof shows no stdin for process ${pid}:\n${listing}`);
  return name;
}
