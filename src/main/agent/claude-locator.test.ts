import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
        env: { PATH: '/nonexistent' },
        projectDir: join(project, 'src', 'deep'),
      }),
    ).toEqual({ path: local, source: 'project' });
  });

  it('says what it tried and how to install when nothing is found', async () => {
    const error = await locateClaude({ env: { PATH: '/nonexistent' }, projectDir: '/' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ClaudeNotFoundError);
    expect((error as Error).message).toBe(
      'Claude Code CLI not found. Tried: claude on PATH; node_modules/.bin/claude of this project. ' +
        'Install Claude Code (npm install -g @anthropic-ai/claude-code), or set claudePath in the settings (or TETHER_CLAUDE) to the path of your claude binary.',
    );
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
});
