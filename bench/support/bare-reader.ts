import { tmpdir } from 'node:os';
import { spawn } from 'node-pty';

/**
 * `cat` of `file` into a pty that this process reads and throws away: the kernel's pty and
 * node-pty's read, which every terminal pays before Tether does anything. Resolves at its end.
 */
export function catIntoBareReader(file: string): Promise<void> {
  return new Promise((done) => {
    const pty = spawn('cat', [file], {
      cols: 200,
      rows: 50,
      cwd: tmpdir(),
      env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin' },
      encoding: null,
    });
    pty.onData(() => undefined);
    pty.onExit(() => done());
  });
}
