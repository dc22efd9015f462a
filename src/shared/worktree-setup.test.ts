import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { setupCommandLine, setupFor, withSetup, type WorktreeSetup } from './worktree-setup';

describe('worktree set-up settings', () => {
  const list: WorktreeSetup[] = [
    { repo: '/r/app', command: 'npm ci' },
    { repo: '/r/app', host: 'box', command: 'make', startAtOnce: true },
  ];

  it('keeps a set-up per repository and per host', () => {
    expect(setupFor(list, '/r/app', undefined)?.command).toBe('npm ci');
    expect(setupFor(list, '/r/app', 'box')?.command).toBe('make');
    expect(setupFor(list, '/r/other', undefined)).toBeUndefined();
    expect(setupFor(null, '/r/app', undefined)).toBeUndefined();
  });

  it('replaces one repository’s set-up, and an empty command removes it', () => {
    const changed = withSetup(list, '/r/app', undefined, {
      command: '  pnpm i ',
      startAtOnce: true,
    });
    expect(changed).toEqual([list[1], { repo: '/r/app', command: 'pnpm i', startAtOnce: true }]);
    expect(withSetup(changed, '/r/app', 'box', { command: ' ', startAtOnce: false })).toEqual([
      { repo: '/r/app', command: 'pnpm i', startAtOnce: true },
    ]);
  });
});

describe('setupCommandLine', () => {
  it('runs the command under sh and leaves with its exit code, whatever it holds', () => {
    const line = setupCommandLine(`printf '%s' "it's $HOME" && exit 3`, '/bin/bash');
    expect(line.startsWith('exec sh -c ')).toBe(true);
    // The login shell reads the line; `exec` hands the terminal to sh, which ends with the code.
    const run = () =>
      execFileSync('bash', ['-c', line], {
        encoding: 'utf8',
        env: { HOME: '/h', PATH: process.env['PATH'] },
      });
    expect(run).toThrow(expect.objectContaining({ status: 3, stdout: "it's /h" }));
  });

  it('uses the shell’s own way of leaving on Windows', () => {
    expect(setupCommandLine('npm ci', 'C:\\Program Files\\PowerShell\\7\\pwsh.exe')).toBe(
      'npm ci; exit $LASTEXITCODE',
    );
    expect(setupCommandLine('npm ci', 'C:\\Windows\\System32\\cmd.exe')).toBe('npm ci & exit');
  });
});
