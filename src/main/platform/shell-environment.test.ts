import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseProbeOutput, probeCommand, readShellEnvironment } from './shell-environment';

const MARK = 'TETHER0123456789abcdef';

function home(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'tether-shellenv-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

// A Debian-style .bashrc: everything after the guard runs only in interactive shells.
const interactiveBashrc = [
  'case $- in *i*) ;; *) return;; esac',
  'echo "Welcome, $USER! Today is a good day."',
  'export PATH="/opt/from-bashrc:$PATH"',
  'export MULTI="line one',
  'line=two"',
  'NOT_EXPORTED=1',
  '',
].join('\n');
const sourcingProfile = '[ -f "$HOME/.bashrc" ] && . "$HOME/.bashrc"\necho "profile says hi"\n';

const base = { PATH: '/usr/bin:/bin', LANG: 'C' };

describe.skipIf(process.platform === 'win32')('readShellEnvironment with real shells', () => {
  it('bash: sees what the interactive part of .bashrc exports, past the noise it prints', async () => {
    const dir = home({ '.profile': sourcingProfile, '.bashrc': interactiveBashrc });
    const env = await readShellEnvironment('/bin/bash', { ...base, HOME: dir }, 10_000);
    expect(env['PATH']?.split(':')[0]).toBe('/opt/from-bashrc');
    expect(env['MULTI']).toBe('line one\nline=two');
    expect(env['HOME']).toBe(dir);
    expect(env).not.toHaveProperty('NOT_EXPORTED');
    // Left by the probe's own shell, not the user's:
    for (const name of ['PWD', 'SHLVL', '_', 'TETHER_RESOLVING_ENVIRONMENT']) {
      expect(env).not.toHaveProperty(name);
    }
  });

  // A control, not a test of Tether: it shows the fixture tells the old probe from the new one.
  it('bash: the old `-l -c` probe misses the same PATH (the launcher defect)', () => {
    const dir = home({ '.profile': sourcingProfile, '.bashrc': interactiveBashrc });
    const path = execFileSync('/bin/bash', ['-l', '-c', 'printf %s "$PATH"'], {
      env: { ...base, HOME: dir },
      encoding: 'utf8',
    });
    expect(path).not.toContain('/opt/from-bashrc');
  });

  it('sh (dash): reads .profile and the $ENV file of interactive shells', async () => {
    const dir = home({
      '.profile': 'echo "motd"\nexport PATH="/opt/from-profile:$PATH"\nexport ENV="$HOME/.shrc"\n',
      '.shrc': 'export FROM_SHRC=yes\n',
    });
    const env = await readShellEnvironment('/bin/sh', { ...base, HOME: dir }, 10_000);
    expect(env['PATH']?.split(':')[0]).toBe('/opt/from-profile');
    expect(env['FROM_SHRC']).toBe('yes');
  });

  it('gives up on an rc file that hangs, within the timeout, and ends what it started', async () => {
    const dir = home({
      '.profile': sourcingProfile,
      '.bashrc': 'echo $$ > "$HOME/pid"\nsleep 30\n',
    });
    const started = Date.now();
    await expect(readShellEnvironment('/bin/bash', { ...base, HOME: dir }, 700)).rejects.toThrow(
      '/bin/bash did not finish within 0.7 s',
    );
    expect(Date.now() - started).toBeLessThan(3000);
    const pid = Number(readFileSync(join(dir, 'pid'), 'utf8'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(() => process.kill(pid, 0)).toThrow();
  });

  it('says so when the shell does not exist or prints no environment', async () => {
    await expect(readShellEnvironment('/nonexistent/zsh', base, 5000)).rejects.toThrow(
      /\/nonexistent\/zsh (could not start|exited)/,
    );
    const dir = home({ '.profile': 'exit 3\n' });
    await expect(readShellEnvironment('/bin/sh', { ...base, HOME: dir }, 5000)).rejects.toThrow(
      '/bin/sh exited (code 3) without printing its environment',
    );
  });
});

describe('probeCommand', () => {
  it.each([
    ['/bin/zsh', ['-i', '-l', '-c']],
    ['/usr/local/bin/bash', ['-i', '-l', '-c']],
    ['/opt/homebrew/bin/fish', ['-i', '-l', '-c']],
    ['/usr/bin/nu', ['-i', '-l', '-c']],
    ['/bin/tcsh', ['-i', '-c']],
    ['/bin/csh', ['-i', '-c']],
    ['/usr/local/bin/pwsh', ['-Login', '-Command']],
  ])('%s runs as an interactive login shell where it can (%j)', (shell, flags) => {
    const { file, args } = probeCommand(shell, MARK);
    expect(file).toBe(shell);
    expect(args.slice(0, -1)).toEqual(flags);
    // One command every one of these shells reads the same way: single quotes, no expansions.
    expect(args.at(-1)).toBe(
      `/bin/sh -c 'printf %s ${MARK}; /usr/bin/env -0 2>/dev/null || /usr/bin/env; printf %s ${MARK}'`,
    );
  });
});

describe('parseProbeOutput', () => {
  it('takes NUL-separated pairs between the markers, whatever surrounds them', () => {
    const output = `Last login: today\n${MARK}PATH=/a:/b\0X=1=2\0EMPTY=\0MULTI=a\nb\0PWD=/tmp\0${MARK}bye\n`;
    expect(parseProbeOutput(output, MARK)).toEqual({
      PATH: '/a:/b',
      X: '1=2',
      EMPTY: '',
      MULTI: 'a\nb',
    });
  });

  it('reads the line form of an `env` without -0, continuing values across lines', () => {
    expect(parseProbeOutput(`${MARK}A=1\nB=two\nlines\nC=3\n${MARK}`, MARK)).toEqual({
      A: '1',
      B: 'two\nlines',
      C: '3',
    });
  });

  it('is null without both markers (an rc that exec’d another program, or a crash)', () => {
    expect(parseProbeOutput('PATH=/x', MARK)).toBeNull();
    expect(parseProbeOutput(`${MARK}PATH=/x`, MARK)).toBeNull();
  });
});
