// electron-builder.yml as issue 9 asks for it: installers for each OS, the hardened runtime, node-pty
// left unbuilt and unpacked, the fuses, icons that exist. Only a Linux package can be built here
// (package-check.test.ts); this checks the configuration the macOS and Windows builds read.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');
const configText = readFileSync(join(root, 'electron-builder.yml'), 'utf8');

interface Target {
  target: string;
  arch?: string[];
}

/** A section of the file: the parts these tests read are checked where they are read. */
type Section = Record<string, unknown> & { target?: (string | Target)[]; icon?: string };

const config = load(configText) as Section & {
  directories: { buildResources: string };
  extraMetadata?: Section;
  mac: Section;
  win: Section;
  nsis: Section;
  linux: Section;
  asarUnpack: string[];
};
const resources = join(root, config.directories.buildResources);

/** Each target with its architectures; a bare name means the build machine's only. */
function targets(platform: 'mac' | 'win' | 'linux'): Target[] {
  return (config[platform].target ?? []).map((entry) =>
    typeof entry === 'string' ? { target: entry } : entry,
  );
}

// electron-builder's own matcher, as it applies asarUnpack to paths inside the app.
const appBuilderLib = createRequire(require.resolve('app-builder-lib'));
const { minimatch } = appBuilderLib('minimatch') as {
  minimatch: (path: string, pattern: string, options: { dot: boolean }) => boolean;
};

describe('electron-builder.yml', () => {
  it('names the product and the app id the shell registers on Windows', () => {
    expect(config['productName']).toBe('Tether');
    expect(config['appId']).toBe('dev.tether.app');
    // The version is package.json's: nothing here overrides it.
    expect(config['version']).toBeUndefined();
    expect(config.extraMetadata?.['version']).toBeUndefined();
  });

  it('builds a dmg and a zip for Intel and Apple silicon Macs, hardened, with entitlements', () => {
    expect(targets('mac')).toEqual([
      { target: 'dmg', arch: ['x64', 'arm64'] },
      { target: 'zip', arch: ['x64', 'arm64'] },
    ]);
    expect(config.mac['hardenedRuntime']).toBe(true);
    for (const key of ['entitlements', 'entitlementsInherit']) {
      const file = config.mac[key] as string;
      expect(file.startsWith(`${config.directories.buildResources}/`), key).toBe(true);
      const plist = readFileSync(join(root, file), 'utf8');
      // V8's JIT cannot run under the hardened runtime without it.
      expect(plist, key).toContain('<key>com.apple.security.cs.allow-jit</key>');
    }
  });

  it('builds a per-user NSIS installer for x64 and arm64 Windows, with a Start menu entry', () => {
    expect(targets('win')).toEqual([{ target: 'nsis', arch: ['x64', 'arm64'] }]);
    expect(config.nsis['perMachine']).toBe(false);
    expect(config.nsis['createStartMenuShortcut']).toBe(true);
  });

  it('associates no file types with Tether on any OS', () => {
    for (const section of [config, config.mac, config.win, config.linux, config.nsis]) {
      expect(section['fileAssociations']).toBeUndefined();
    }
  });

  it('builds an AppImage, a deb and an rpm in the terminal and development categories', () => {
    expect(targets('linux').map(({ target }) => target)).toEqual(['AppImage', 'deb', 'rpm']);
    const categories = (config.linux['category'] as string).split(';');
    expect(categories).toEqual(expect.arrayContaining(['TerminalEmulator', 'Development']));
  });

  it('ships node-pty as npm installed it (N-API), unpacked from the asar', () => {
    expect(config['npmRebuild']).toBe(false);
    const patterns = config.asarUnpack;
    for (const file of [
      'node_modules/node-pty/build/Release/pty.node',
      'node_modules/node-pty/lib/index.js',
      'node_modules/node-pty/prebuilds/darwin-arm64/spawn-helper',
      'node_modules/node-pty/prebuilds/win32-x64/conpty/OpenConsole.exe',
    ]) {
      expect(
        patterns.some((pattern) => minimatch(file, pattern, { dot: true })),
        file,
      ).toBe(true);
    }
    expect(patterns.some((pattern) => minimatch('out/main/index.js', pattern, { dot: true }))).toBe(
      false,
    );
  });

  it('sets the fuses issue 9 lists', () => {
    expect(config['electronFuses']).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
    });
    // The page comes from file:// with its chunks and the Markdown worker: it needs the file
    // protocol's privileges until it is served from a protocol of its own.
    expect(config['electronFuses']).not.toHaveProperty('grantFileProtocolExtraPrivileges', false);
  });

  it('points at icons that exist, in each format', () => {
    const icon = (platform: 'mac' | 'win' | 'linux') =>
      join(resources, config[platform].icon ?? '');
    expect(readFileSync(icon('mac')).subarray(0, 4).toString('latin1')).toBe('icns');
    // An ICO file: reserved 0, type 1 (icon).
    expect([...readFileSync(icon('win')).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    // Linux takes a folder of PNGs named by size; each must be the size its name says.
    expect(statSync(icon('linux')).isDirectory()).toBe(true);
    const pngs = readdirSync(icon('linux'));
    expect(pngs).toEqual(expect.arrayContaining(['16x16.png', '256x256.png', '512x512.png']));
    for (const name of pngs) {
      const png = readFileSync(join(icon('linux'), name));
      expect(png.subarray(1, 4).toString('latin1'), name).toBe('PNG');
      // IHDR: width and height, big-endian, at bytes 16 and 20.
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}.png`).toBe(name);
    }
  });

  it('says only what electron-builder logs about an unsigned Mac build', () => {
    // The comment tells a release manager what to look for in the log of a build without signing
    // credentials; these must be electron-builder's own words.
    const claimed = [...configText.matchAll(/says "([^"]+)"/g)].map((match) => match[1]!);
    expect(claimed).toEqual([
      'skipped macOS application code signing',
      'skipped macOS notarization',
    ]);
    const libDir = join(require.resolve('app-builder-lib/package.json'), '..', 'out');
    const code = readdirSync(libDir, { recursive: true, encoding: 'utf8' })
      .filter((path) => path.endsWith('.js'))
      .map((path) => readFileSync(join(libDir, path), 'utf8'))
      .join('\n');
    for (const message of claimed) expect(code).toContain(`"${message}"`);
  });
});
