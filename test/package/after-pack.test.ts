// The afterPack hook on packages that cannot be built here (macOS, Windows): the app folder
// electron-builder hands it is laid out by hand, the hook itself is the real one.
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

interface AfterPackContext {
  appOutDir: string;
  electronPlatformName: string;
  arch: number;
  packager: { getResourcesDir(appOutDir: string): string };
}
type AfterPack = (context: AfterPackContext) => Promise<void>;

const hookUrl = new URL('../../scripts/after-pack.mjs', import.meta.url).href;
const { default: afterPack } = (await import(hookUrl)) as { default: AfterPack };

// electron-builder's Arch enum values.
const x64 = 1;
const arm64 = 3;

describe('scripts/after-pack.mjs', () => {
  let appOutDir: string;
  // Where electron-builder puts resources/ on each platform (PlatformPackager.getResourcesDir).
  const resourcesDir = (platform: string) =>
    platform === 'darwin'
      ? join(appOutDir, 'Tether.app', 'Contents', 'Resources')
      : join(appOutDir, 'resources');
  const context = (platform: string, arch: number): AfterPackContext => ({
    appOutDir,
    electronPlatformName: platform,
    arch,
    packager: { getResourcesDir: () => resourcesDir(platform) },
  });
  const packed = (platform: string, file: string, mode = 0o644) => {
    const path = join(
      resourcesDir(platform),
      'app.asar.unpacked',
      'node_modules',
      'node-pty',
      file,
    );
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, '', { mode });
    return path;
  };

  beforeEach(() => {
    appOutDir = mkdtempSync(join(tmpdir(), 'tether-after-pack-'));
  });
  afterEach(() => rmSync(appOutDir, { recursive: true, force: true }));

  it('makes spawn-helper executable inside a macOS app', async () => {
    packed('darwin', 'prebuilds/darwin-arm64/pty.node');
    const helper = packed('darwin', 'prebuilds/darwin-arm64/spawn-helper');

    await afterPack(context('darwin', arm64));

    expect(statSync(helper).mode & 0o777).toBe(0o755);
  });

  it('stops a package without node-pty binary for its target', async () => {
    packed('darwin', 'prebuilds/darwin-arm64/pty.node');
    packed('darwin', 'prebuilds/darwin-arm64/spawn-helper');
    await expect(afterPack(context('darwin', x64))).rejects.toThrow(
      "the darwin-x64 package lacks node-pty's prebuilds/darwin-x64/pty.node",
    );

    await expect(afterPack(context('linux', x64))).rejects.toThrow(
      "the linux-x64 package lacks node-pty's build/Release/pty.node",
    );
  });

  it("stops a package that carries another platform's prebuilds", async () => {
    packed('win32', 'prebuilds/win32-x64/pty.node');
    packed('win32', 'prebuilds/darwin-x64/pty.node');

    await expect(afterPack(context('win32', x64))).rejects.toThrow(
      'the win32-x64 package holds node-pty prebuilds for darwin-x64',
    );
  });

  it('accepts a Linux package with node-pty built from source', async () => {
    packed('linux', 'build/Release/pty.node', 0o755);
    await expect(afterPack(context('linux', x64))).resolves.toBeUndefined();
  });
});
