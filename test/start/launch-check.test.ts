import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkLaunch,
  fallbackLine,
  hasDisplay,
  type LaunchProbe,
} from '../../scripts/start/launch-check';
import { systemProbe } from '../../scripts/start/system-probe';

/** A probe over an in-memory file system: the paths that exist, and the text of path.txt. */
function probe(
  platform: NodeJS.Platform,
  root: string,
  files: Record<string, string | null>,
  env: NodeJS.ProcessEnv = {},
): LaunchProbe {
  return {
    platform,
    env,
    root,
    exists: (p) => p in files,
    readText: (p) => files[p] ?? undefined,
  };
}

describe('checkLaunch on linux', () => {
  const root = '/src/tether';
  const pkg = `${root}/node_modules/electron`;
  const installed = {
    [`${pkg}/dist`]: null,
    [`${pkg}/path.txt`]: 'electron',
    [`${pkg}/dist/electron`]: null,
  };

  it('names dist/ when the binary was never downloaded', () => {
    expect(checkLaunch(probe('linux', root, {}, { DISPLAY: ':0' }))).toEqual({
      reason: 'the Electron binary is not installed (node_modules/electron/dist is missing)',
    });
  });

  it('names path.txt when dist/ is there without it', () => {
    expect(checkLaunch(probe('linux', root, { [`${pkg}/dist`]: null }, { DISPLAY: ':0' }))).toEqual(
      {
        reason: 'the Electron binary is not installed (node_modules/electron/path.txt is missing)',
      },
    );
  });

  it('names the binary path.txt points at when it is gone', () => {
    const files = { [`${pkg}/dist`]: null, [`${pkg}/path.txt`]: 'electron' };
    expect(checkLaunch(probe('linux', root, files, { DISPLAY: ':0' }))).toEqual({
      reason:
        'the Electron binary is not installed (node_modules/electron/dist/electron is missing)',
    });
  });

  it('starts the installed binary on X11 or Wayland', () => {
    const binary = { binary: `${pkg}/dist/electron` };
    expect(checkLaunch(probe('linux', root, installed, { DISPLAY: ':0' }))).toEqual(binary);
    expect(checkLaunch(probe('linux', root, installed, { WAYLAND_DISPLAY: 'wayland-0' }))).toEqual(
      binary,
    );
  });

  it('falls back when there is no display, even with the binary installed', () => {
    expect(checkLaunch(probe('linux', root, installed, { DISPLAY: '' }))).toEqual({
      reason: 'there is no display to open a window on (DISPLAY and WAYLAND_DISPLAY are unset)',
    });
  });

  it('reports a missing binary before a missing display', () => {
    expect(checkLaunch(probe('linux', root, {}))).toHaveProperty(
      'reason',
      'the Electron binary is not installed (node_modules/electron/dist is missing)',
    );
  });

  it('takes ELECTRON_EXEC_PATH, the binary electron-vite itself starts', () => {
    const env = { DISPLAY: ':0', ELECTRON_EXEC_PATH: '/opt/electron/electron' };
    expect(checkLaunch(probe('linux', root, { '/opt/electron/electron': null }, env))).toEqual({
      binary: '/opt/electron/electron',
    });
    expect(checkLaunch(probe('linux', root, installed, env))).toEqual({
      reason: 'ELECTRON_EXEC_PATH names /opt/electron/electron, which does not exist',
    });
  });
});

describe('checkLaunch on darwin', () => {
  const root = '/Users/me/tether';
  const pkg = `${root}/node_modules/electron`;
  const app = 'Electron.app/Contents/MacOS/Electron';

  it('needs no DISPLAY: the binary is enough', () => {
    const files = { [`${pkg}/dist`]: null, [`${pkg}/path.txt`]: app, [`${pkg}/dist/${app}`]: null };
    expect(checkLaunch(probe('darwin', root, files))).toEqual({ binary: `${pkg}/dist/${app}` });
  });

  it("finds the app bundle's binary in ELECTRON_OVERRIDE_DIST_PATH without path.txt", () => {
    const env = { ELECTRON_OVERRIDE_DIST_PATH: '/opt/electron' };
    expect(checkLaunch(probe('darwin', root, { [`/opt/electron/${app}`]: null }, env))).toEqual({
      binary: `/opt/electron/${app}`,
    });
    expect(checkLaunch(probe('darwin', root, {}, env))).toEqual({
      reason: `the Electron binary is not in ELECTRON_OVERRIDE_DIST_PATH (/opt/electron/${app} is missing)`,
    });
  });
});

describe('checkLaunch on win32', () => {
  const root = 'C:\\Users\\me\\tether';
  const pkg = `${root}\\node_modules\\electron`;

  it('starts electron.exe with Windows paths, display or not', () => {
    const files = {
      [`${pkg}\\dist`]: null,
      [`${pkg}\\path.txt`]: 'electron.exe',
      [`${pkg}\\dist\\electron.exe`]: null,
    };
    expect(checkLaunch(probe('win32', root, files))).toEqual({
      binary: `${pkg}\\dist\\electron.exe`,
    });
  });

  it('names the missing folder relative to the project, with backslashes', () => {
    expect(checkLaunch(probe('win32', root, {}))).toEqual({
      reason: 'the Electron binary is not installed (node_modules\\electron\\dist is missing)',
    });
  });
});

describe('hasDisplay', () => {
  it.each([
    ['linux', {}, false],
    ['linux', { DISPLAY: ':1' }, true],
    ['linux', { WAYLAND_DISPLAY: 'wayland-1' }, true],
    ['freebsd', {}, false],
    ['darwin', {}, true],
    ['win32', {}, true],
  ] as const)('%s %j → %s', (platform, env, expected) => {
    expect(hasDisplay(platform, env)).toBe(expected);
  });
});

it('says the reason and what happens instead in one line', () => {
  const line = fallbackLine(
    'the Electron binary is not installed (node_modules/electron/dist is missing)',
  );
  expect(line).toBe(
    'tether: the Electron binary is not installed (node_modules/electron/dist is missing), so Tether opens in browser mode instead.',
  );
});

describe('against the electron package itself', () => {
  let dir: string | undefined;
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

  // With ELECTRON_OVERRIDE_DIST_PATH set, node_modules/electron resolves its binary without trying
  // a download, so it can be asked here; the check must name the same file, on the real disk.
  it('names the binary node_modules/electron names for ELECTRON_OVERRIDE_DIST_PATH', () => {
    const root = join(__dirname, '..', '..');
    dir = mkdtempSync(join(tmpdir(), 'tether-electron-dist-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ELECTRON_OVERRIDE_DIST_PATH: dir,
      DISPLAY: ':0',
    };
    delete env['ELECTRON_EXEC_PATH'];
    const fromPackage = execFileSync(
      process.execPath,
      ['-e', "process.stdout.write(require('electron'))"],
      { env, encoding: 'utf8', cwd: root },
    );
    expect(checkLaunch(systemProbe(root, env))).toEqual({
      reason: `the Electron binary is not in ELECTRON_OVERRIDE_DIST_PATH (${fromPackage} is missing)`,
    });
    mkdirSync(dirname(fromPackage), { recursive: true });
    writeFileSync(fromPackage, '');
    expect(checkLaunch(systemProbe(root, env))).toEqual({ binary: fromPackage });
  });
});
