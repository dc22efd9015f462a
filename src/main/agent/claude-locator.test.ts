import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isExecutableFile } from '../platform/executables';
import { ClaudeNotFoundError, locateClaude } from './claude-locator';

function fakeBin(dir: string, name = 'claude', mode = 0o755): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(path, '#!/bin/sh\n');
  chmodSync(path, mode);
  return path;
}

const root = mkdtempSync(join(tmpdir(), 'tether-locate-'));

/** A file system of the given files, for another platform's paths. */
const files =
  (...present: string[]) =>
  (path: string) =>
    present.includes(path);

describe.skipIf(process.platform === 'win32')('locateClaude on this machine', () => {
  it('takes TETHER_CLAUDE first', async () => {
    const chosen = fakeBin(join(root, 'a'));
    fakeBin(join(root, 'onpath'));
    const found = await locateClaude({
      env: { TETHER_CLAUDE: chosen, PATH: join(root, 'onpath') },
      setting: fakeBin(join(root, 'setting')),
    });
    expect(found).toEqual({ path: chosen, source: 'TETHER_CLAUDE' });
  });

  it('reports a TETHER_CLAUDE that is not executable instead of running some other claude', async () => {
    const bad = fakeBin(join(root, 'noexec'), 'claude', 0o644);
    await expect(
      locateClaude({ env: { TETHER_CLAUDE: bad, PATH: join(root, 'onpath') } }),
    ).rejects.toThrow(`TETHER_CLAUDE = ${bad} (not an executable file)`);
  });

  it('then the setting, then PATH', async () => {
    const setting = fakeBin(join(root, 'setting'));
    expect(await locateClaude({ env: { PATH: join(root, 'onpath') }, setting })).toEqual({
      path: setting,
      source: 'setting',
    });
    expect(await locateClaude({ env: { PATH: `/nonexistent:${join(root, 'onpath')}` } })).toEqual({
      path: join(root, 'onpath', 'claude'),
      source: 'PATH',
    });
  });

  it('then the project’s node_modules/.bin', async () => {
    const project = join(root, 'project');
    const local = fakeBin(join(project, 'node_modules', '.bin'));
    mkdirSync(join(project, 'src', 'deep'), { recursive: true });
    expect(
      await locateClaude({
        env: { PATH: '/nonexistent', HOME: root },
        projectDir: join(project, 'src', 'deep'),
        // This machine's own claude in /usr/local/bin would come first.
        isExecutable: (path) => path.startsWith(root) && isExecutableFile(path),
      }),
    ).toEqual({ path: local, source: 'project' });
  });
});

describe('locateClaude with an injected platform and file system', () => {
  const npm = 'C:\\Users\\Jane Doe\\AppData\\Roaming\\npm';
  const native = 'C:\\Users\\Jane Doe\\.local\\bin';
  const winEnv = {
    Path: `C:\\Windows\\system32;"${npm}";${native}`,
    PATHEXT: '.COM;.EXE;.BAT;.CMD;.VBS;.JS;.PS1',
  };

  it('win32: finds the npm shim through `Path` and PATHEXT, never the extensionless sh shim', async () => {
    const found = await locateClaude({
      platform: 'win32',
      env: winEnv,
      isExecutable: files(`${npm}\\claude`, `${npm}\\claude.ps1`, `${npm}\\claude.cmd`),
      projectDir: 'C:\\',
    });
    expect(found).toEqual({ path: `${npm}\\claude.cmd`, source: 'PATH' });
  });

  it('win32: prefers claude.exe to claude.cmd in one folder, in PATHEXT order', async () => {
    const both = files(`${npm}\\claude.cmd`, `${npm}\\claude.exe`);
    expect((await locateClaude({ platform: 'win32', env: winEnv, isExecutable: both })).path).toBe(
      `${npm}\\claude.exe`,
    );
    // PATHEXT missing (a stripped environment): Windows' own default order still puts .exe first.
    expect(
      (await locateClaude({ platform: 'win32', env: { PATH: npm }, isExecutable: both })).path,
    ).toBe(`${npm}\\claude.exe`);
  });

  it('win32: searches PATH folder by folder, as cmd does', async () => {
    const found = await locateClaude({
      platform: 'win32',
      env: winEnv,
      isExecutable: files(`${npm}\\claude.cmd`, `${native}\\claude.exe`),
    });
    expect(found.path).toBe(`${npm}\\claude.cmd`);
  });

  it('win32: a claudePath written without its extension finds claude.exe', async () => {
    const found = await locateClaude({
      platform: 'win32',
      env: winEnv,
      setting: `${native}\\claude`,
      isExecutable: files(`${native}\\claude`, `${native}\\claude.exe`),
    });
    expect(found).toEqual({ path: `${native}\\claude.exe`, source: 'setting' });
    await expect(
      locateClaude({
        platform: 'win32',
        env: winEnv,
        setting: `${native}\\claude.ps1`,
        isExecutable: files(`${native}\\claude.ps1`),
      }),
    ).rejects.toThrow(
      'setting = C:\\Users\\Jane Doe\\.local\\bin\\claude.ps1 (not an executable file)',
    );
  });

  it('win32: the project’s node_modules\\.bin', async () => {
    const found = await locateClaude({
      platform: 'win32',
      env: { PATH: 'C:\\nowhere' },
      projectDir: 'C:\\src\\tether\\out\\main',
      isExecutable: files('C:\\src\\tether\\node_modules\\.bin\\claude.cmd'),
    });
    expect(found).toEqual({
      path: 'C:\\src\\tether\\node_modules\\.bin\\claude.cmd',
      source: 'project',
    });
  });

  it.each(['darwin', 'linux'] as const)(
    '%s: the bare name on a colon-separated PATH',
    async (platform) => {
      const found = await locateClaude({
        platform,
        env: { PATH: '/usr/bin:/opt/homebrew/bin', PATHEXT: '.EXE' },
        isExecutable: files('/opt/homebrew/bin/claude', '/usr/bin/claude.exe'),
      });
      expect(found).toEqual({ path: '/opt/homebrew/bin/claude', source: 'PATH' });
    },
  );

  describe.each(['darwin', 'linux'] as const)('%s install locations off PATH', (platform) => {
    const env = { PATH: '/usr/bin', HOME: '/home/jane' };
    const places = [
      '/home/jane/.local/bin/claude',
      '/home/jane/.claude/local/claude',
      '/opt/homebrew/bin/claude',
      '/usr/local/bin/claude',
    ];

    it.each(places)('finds %s', async (place) => {
      const found = await locateClaude({
        platform,
        env,
        isExecutable: files(place),
        projectDir: '/',
      });
      expect(found).toEqual({ path: place, source: 'install location' });
    });

    it('takes them in that order, after PATH and before the project', async () => {
      const project = '/src/tether/node_modules/.bin/claude';
      const locate = (...present: string[]) =>
        locateClaude({
          platform,
          env,
          isExecutable: files(...present),
          projectDir: '/src/tether/out',
        });
      expect((await locate(...places, project)).path).toBe(places[0]);
      expect((await locate(...places.slice(1))).path).toBe(places[1]);
      expect((await locate(places[3]!, places[2]!)).path).toBe(places[2]);
      expect((await locate('/usr/bin/claude', ...places)).source).toBe('PATH');
      expect((await locate(places[3]!, project)).source).toBe('install location');
    });

    it('says what it tried and how to install when nothing is found', async () => {
      const error = await locateClaude({
        platform,
        env,
        isExecutable: () => false,
        projectDir: '/',
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ClaudeNotFoundError);
      expect((error as Error).message).toBe(
        'Claude Code CLI not found. Tried: claude on PATH; /home/jane/.local/bin/claude; ' +
          '/home/jane/.claude/local/claude; /opt/homebrew/bin/claude; /usr/local/bin/claude; ' +
          'node_modules/.bin/claude of this project. ' +
          'Install Claude Code (npm install -g @anthropic-ai/claude-code), or set claudePath in the settings (or TETHER_CLAUDE) to the path of your claude binary.',
      );
    });
  });

  describe('win32 install locations off PATH', () => {
    const home = 'C:\\Users\\Jane Doe';
    const env = {
      Path: 'C:\\Windows\\system32',
      PATHEXT: '.COM;.EXE;.BAT;.CMD',
      USERPROFILE: home,
      APPDATA: `${home}\\AppData\\Roaming`,
      LOCALAPPDATA: `${home}\\AppData\\Local`,
    };
    const places = [
      `${home}\\.local\\bin\\claude.exe`,
      `${home}\\AppData\\Local\\Microsoft\\WinGet\\Links\\claude.exe`,
      `${home}\\AppData\\Roaming\\npm\\claude.cmd`,
    ];
    const locate = (present: string[], environment: NodeJS.ProcessEnv = env) =>
      locateClaude({
        platform: 'win32',
        env: environment,
        isExecutable: files(...present),
        projectDir: 'C:\\',
      });

    it.each(places)('finds %s', async (place) => {
      expect(await locate([place])).toEqual({ path: place, source: 'install location' });
    });

    it('takes the native installer’s first, and PATH before any', async () => {
      expect((await locate([...places].reverse())).path).toBe(places[0]);
      expect((await locate(places.slice(1))).path).toBe(places[1]);
      expect((await locate(['C:\\Windows\\system32\\claude.exe', ...places])).source).toBe('PATH');
    });

    it('reads the folders from the variables, however spelt, else from the profile folder', async () => {
      const moved = { Path: env.Path, UserProfile: home, AppData: 'D:\\Roaming' };
      expect((await locate(['D:\\Roaming\\npm\\claude.cmd'], moved)).path).toBe(
        'D:\\Roaming\\npm\\claude.cmd',
      );
      const bare = { Path: env.Path, USERPROFILE: home };
      expect((await locate([places[2]!], bare)).path).toBe(places[2]);
      expect((await locate([places[1]!], bare)).path).toBe(places[1]);
    });

    it('says what it tried and how to install when nothing is found', async () => {
      await expect(locate([])).rejects.toThrow(
        `Claude Code CLI not found. Tried: claude on PATH; ${places.join('; ')}; ` +
          'node_modules/.bin/claude of this project. Install Claude Code (npm install -g',
      );
    });
  });
});
