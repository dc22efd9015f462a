import { describe, expect, it } from 'vitest';
import {
  resolveUserEnvironment,
  startedFromLauncher,
  withoutLauncherVariables,
  withUtf8Locale,
} from './user-environment';

const shellEnv = async () => ({ PATH: '/opt/homebrew/bin:/usr/bin:/bin', FROM_SHELL: '1' });
const mustNotRun = async (): Promise<NodeJS.ProcessEnv> => {
  throw new Error('must not run');
};

describe('startedFromLauncher', () => {
  it('is true on macOS and Linux without TERM, never on Windows', () => {
    expect(startedFromLauncher('darwin', { PATH: '/usr/bin' })).toBe(true);
    expect(startedFromLauncher('linux', { PATH: '/usr/bin' })).toBe(true);
    expect(startedFromLauncher('darwin', { TERM: 'xterm-256color' })).toBe(false);
    expect(startedFromLauncher('linux', { TERM: 'xterm-256color' })).toBe(false);
    expect(startedFromLauncher('win32', {})).toBe(false);
  });
});

describe('withUtf8Locale', () => {
  it('adds a UTF-8 LANG only when no locale variable is set', () => {
    expect(withUtf8Locale({}, 'darwin')).toEqual({ LANG: 'en_US.UTF-8' });
    expect(withUtf8Locale({}, 'linux')).toEqual({ LANG: 'C.UTF-8' });
    expect(withUtf8Locale({}, 'win32')).toEqual({});
    expect(withUtf8Locale({ LC_ALL: 'de_DE.UTF-8' }, 'darwin')).toEqual({ LC_ALL: 'de_DE.UTF-8' });
    expect(withUtf8Locale({ LC_CTYPE: 'UTF-8' }, 'linux')).toEqual({ LC_CTYPE: 'UTF-8' });
    expect(withUtf8Locale({ LANG: 'fr_FR.UTF-8' }, 'linux')).toEqual({ LANG: 'fr_FR.UTF-8' });
  });
});

describe('resolveUserEnvironment', () => {
  it('darwin from the Finder: the shell’s PATH over the launcher’s, and a UTF-8 LANG', async () => {
    const env = await resolveUserEnvironment({
      platform: 'darwin',
      env: { PATH: '/usr/bin:/bin', HOME: '/Users/me', __CFBundleIdentifier: 'dev.tether' },
      shell: '/bin/zsh',
      readShell: shellEnv,
    });
    expect(env).toEqual({
      PATH: '/opt/homebrew/bin:/usr/bin:/bin',
      FROM_SHELL: '1',
      HOME: '/Users/me',
      __CFBundleIdentifier: 'dev.tether',
      LANG: 'en_US.UTF-8',
    });
  });

  it('linux from a terminal: the environment as it is, no shell run', async () => {
    const env = { PATH: '/home/me/bin:/usr/bin', TERM: 'xterm-256color', LANG: 'en_GB.UTF-8' };
    expect(
      await resolveUserEnvironment({
        platform: 'linux',
        env,
        shell: '/bin/bash',
        readShell: mustNotRun,
      }),
    ).toEqual(env);
  });

  it('win32: never runs a shell', async () => {
    const env = { Path: 'C:\\Windows', ComSpec: 'C:\\Windows\\system32\\cmd.exe' };
    expect(
      await resolveUserEnvironment({
        platform: 'win32',
        env,
        shell: 'cmd.exe',
        readShell: mustNotRun,
      }),
    ).toEqual(env);
  });

  it('a shell that times out: one warning, the launcher’s environment (with LANG) instead', async () => {
    const warnings: string[] = [];
    const env = await resolveUserEnvironment({
      platform: 'linux',
      env: { PATH: '/usr/bin' },
      shell: '/bin/zsh',
      readShell: async () => {
        throw new Error('/bin/zsh did not finish within 10 s');
      },
      log: (message) => warnings.push(message),
    });
    expect(env).toEqual({ PATH: '/usr/bin', LANG: 'C.UTF-8' });
    expect(warnings).toEqual([
      "tether: could not read your shell's environment: /bin/zsh did not finish within 10 s. Terminals and agents start with Tether's own, where PATH may lack what your shell files add.",
    ]);
  });

  it('runs the real probe with the user’s shell and the timeout', async () => {
    const calls: unknown[] = [];
    await resolveUserEnvironment({
      platform: 'darwin',
      env: { SHELL: '/bin/zsh' },
      shell: '/bin/zsh',
      timeoutMs: 1234,
      readShell: async (...args) => {
        calls.push(args);
        return {};
      },
    });
    expect(calls).toEqual([['/bin/zsh', { SHELL: '/bin/zsh' }, 1234]]);
  });
});

describe('withoutLauncherVariables', () => {
  it('drops what electron-vite set for the Electron it started, NODE_ENV included', () => {
    expect(
      withoutLauncherVariables(
        {
          NODE_ENV: 'production',
          NODE_ENV_ELECTRON_VITE: 'production',
          ELECTRON_EXEC_PATH: '/e',
          HOME: '/h',
        },
        'linux',
      ),
    ).toEqual({ HOME: '/h' });
  });

  it('on Windows takes npm’s folders off Path, and keeps a NODE_ENV no launcher set', () => {
    expect(
      withoutLauncherVariables(
        {
          Path: 'C:\\p\\node_modules\\.bin;C:\\node_modules\\.bin;C:\\npm\\node-gyp-bin;C:\\Windows',
          npm_lifecycle_event: 'start',
          NODE_ENV: 'development',
        },
        'win32',
      ),
    ).toEqual({ Path: 'C:\\Windows', NODE_ENV: 'development' });
  });
});
