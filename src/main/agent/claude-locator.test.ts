import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ClaudeNotFoundError, locateClaude, readLoginShellPath } from './claude-locator';

function fakeBin(dir: string, name = 'claude', mode = 0o755): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(path, '#!/bin/sh\n');
  chmodSync(path, mode);
  return path;
}

const root = mkdtempSync(join(tmpdir(), 'tether-locate-'));
const noLogin = async () => null;

describe.skipIf(process.platform === 'win32')('locateClaude', () => {
  it('takes TETHER_CLAUDE first', async () => {
    const chosen = fakeBin(join(root, 'a'));
    fakeBin(join(root, 'onpath'));
    const found = await locateClaude({
      env: { TETHER_CLAUDE: chosen, PATH: join(root, 'onpath') },
      setting: fakeBin(join(root, 'setting')),
      loginShellPath: noLogin,
    });
    expect(found).toEqual({ path: chosen, source: 'TETHER_CLAUDE' });
  });

  it('reports a TETHER_CLAUDE that is not executable instead of running some other claude', async () => {
    const bad = fakeBin(join(root, 'noexec'), 'claude', 0o644);
    await expect(
      locateClaude({
        env: { TETHER_CLAUDE: bad, PATH: join(root, 'onpath') },
        loginShellPath: noLogin,
      }),
    ).rejects.toThrow(`TETHER_CLAUDE = ${bad} (not an executable file)`);
  });

  it('then the setting, then PATH', async () => {
    const setting = fakeBin(join(root, 'setting'));
    expect(
      await locateClaude({ env: { PATH: join(root, 'onpath') }, setting, loginShellPath: noLogin }),
    ).toEqual({
      path: setting,
      source: 'setting',
    });
    expect(
      await locateClaude({
        env: { PATH: `/nonexistent:${join(root, 'onpath')}` },
        loginShellPath: noLogin,
      }),
    ).toEqual({
      path: join(root, 'onpath', 'claude'),
      source: 'PATH',
    });
  });

  it('then the login shell’s PATH, then the project’s node_modules/.bin', async () => {
    const login = fakeBin(join(root, 'login'));
    expect(
      await locateClaude({
        env: { PATH: '/nonexistent' },
        loginShellPath: async () => join(root, 'login'),
      }),
    ).toEqual({
      path: login,
      source: 'login shell PATH',
    });
    const project = join(root, 'project');
    const local = fakeBin(join(project, 'node_modules', '.bin'));
    mkdirSync(join(project, 'src', 'deep'), { recursive: true });
    expect(
      await locateClaude({
        env: { PATH: '/nonexistent' },
        loginShellPath: noLogin,
        projectDir: join(project, 'src', 'deep'),
      }),
    ).toEqual({ path: local, source: 'project' });
  });

  it('says what it tried and how to install when nothing is found', async () => {
    const error = await locateClaude({
      env: { PATH: '/nonexistent' },
      loginShellPath: noLogin,
      projectDir: '/',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClaudeNotFoundError);
    expect((error as Error).message).toBe(
      'Claude Code CLI not found. Tried: claude on PATH; claude on the login shell’s PATH; node_modules/.bin/claude of this project. ' +
        'Install Claude Code (npm install -g @anthropic-ai/claude-code), or set TETHER_CLAUDE to the path of your claude binary.',
    );
  });

  it('reads the PATH a login shell sets up, ignoring what its profile prints', async () => {
    const home = mkdtempSync(join(tmpdir(), 'tether-login-'));
    writeFileSync(
      join(home, '.profile'),
      'echo "Welcome!"\nexport PATH="/opt/from-profile:$PATH"\n',
    );
    const path = await readLoginShellPath({ HOME: home, SHELL: '/bin/sh', PATH: '/usr/bin:/bin' });
    expect(path?.split(':')[0]).toBe('/opt/from-profile');
  });
});
