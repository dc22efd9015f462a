import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { remoteCommandLine } from './remote-command-line';

// As sshd runs a command line: `$SHELL -c LINE`, with each login shell there may be.
const shells = ['/bin/sh', '/bin/bash', '/usr/bin/zsh', '/usr/bin/fish', '/usr/bin/tcsh'];
const hostile = [
  "it's",
  "/x\\';touch PWNED;#",
  '$(touch PWNED)',
  '`touch PWNED`',
  'a\nb',
  '!!',
  'trailing newline\n',
  'ünïcode ✓',
  '',
];

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('remoteCommandLine', () => {
  for (const shell of shells) {
    it.skipIf(!existsSync(shell))(
      `${shell} as the login shell passes every argument as itself`,
      () => {
        dir = mkdtempSync(join(tmpdir(), 'tether-remote-line-'));
        const line = remoteCommandLine(
          'for a in "$@"; do printf "<%s>" "$a"; done; printf "%s" "$#"',
          hostile,
        );
        const out = execFileSync(shell, ['-c', line], { cwd: dir, encoding: 'utf8' });
        expect(out).toBe(`${hostile.map((arg) => `<${arg}>`).join('')}${hostile.length}`);
        expect(existsSync(join(dir, 'PWNED'))).toBe(false);
      },
    );
  }

  it('is one line of a constant and base64, however long the script', () => {
    const line = remoteCommandLine("echo 'quoted'\nprintf '%s\\n' done", ['x']);
    expect(line).toMatch(/^sh -c '[^'\\\n!]+' tether [A-Za-z0-9+/=]+$/);
    expect(execFileSync('/bin/sh', ['-c', line], { encoding: 'utf8' })).toBe('quoted\ndone\n');
  });
});
