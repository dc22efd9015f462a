// The package check: electron-builder packs the Linux app (`--linux dir`) with the project's own
// configuration, hooks and dependencies, and the packaged tree is inspected. The Electron binary
// cannot be downloaded here, so `electronDist` points at a stand-in folder: electron-builder only
// needs its `electron` executable, which it renames to `tether` and whose fuse wire it flips, so
// the stand-in carries the fuse sentinel and wire the @electron/fuses package looks for.
import { execFile, type ExecFileOptions } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { extractFile, listPackage, statFile } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { SENTINEL } from '@electron/fuses/dist/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stageProject } from '../support/stage-project';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const bin = (name: string) => join(repo, 'node_modules', '.bin', name);

// Electron 45's fuse wire as shipped (version 1, 8 fuses): '1' enabled, '0' disabled.
const shippedWire: Record<FuseV1Options, '0' | '1'> = {
  [FuseV1Options.RunAsNode]: '1',
  [FuseV1Options.EnableCookieEncryption]: '0',
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: '1',
  [FuseV1Options.EnableNodeCliInspectArguments]: '1',
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: '0',
  [FuseV1Options.OnlyLoadAppFromAsar]: '0',
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: '0',
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: '1',
};

function standInElectron(dir: string): void {
  mkdirSync(dir);
  const wire = Object.values(shippedWire).join('');
  const binary = `#!/bin/sh\necho "stand-in Electron"\n# ${SENTINEL}\x01\x08${wire}\n`;
  writeFileSync(join(dir, 'electron'), binary, { mode: 0o755 });
}

/** Runs a tool to the end; a failure reports the end of its output, where tools say why. */
async function run(file: string, args: string[], options: ExecFileOptions): Promise<string> {
  try {
    const { stdout, stderr } = await promisify(execFile)(file, args, options);
    return `${stdout}${stderr}`;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    const tail = `${stdout}${stderr}`.trim().split('\n').slice(-15).join('\n');
    throw new Error(`${relative(repo, file)} ${args.join(' ')} failed:\n${tail}`);
  }
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

function treeListing(app: string, asarCount: number, unpacked: string[]): string {
  const size = (path: string) => statSync(path).size;
  const tree = walk(app).reduce((sum, path) => sum + size(path), 0);
  const unpackedDir = join(app, 'resources', 'app.asar.unpacked');
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  return [
    `package tree (linux-unpacked, Electron a stand-in): ${kib(tree)} in all`,
    `  resources/app.asar: ${kib(size(join(app, 'resources', 'app.asar')))}, ${asarCount} files`,
    `  resources/app.asar.unpacked: ${unpacked.length} files`,
    ...unpacked.sort().map((path) => `    ${path} (${kib(size(join(unpackedDir, path)))})`),
  ].join('\n');
}

// Source, build input, test and development files have no business in an installed app.
const devFiles = [
  /^(src|test|e2e|bench|scripts|resources)\//, // the project's own sources, tests and tools
  /\.(cc|cpp|c|h|hpp|gyp|gypi|mk|o|pdb|ts|cts|mts|map)$/, // native sources, typings, source maps
  /(^|\/)(binding\.gyp|Makefile|tsconfig\.json|package-lock\.json|electron-builder\.yml)$/,
  /(^|\/)(test|tests|__tests__)\/|\.test\.js$/,
  /node_modules\/node-pty\/(src|deps|scripts|third_party|typings|node-addon-api)\//,
  /(^|\/)(README|CHANGELOG|HISTORY)[^/]*$/i,
];

// npm compiles node-pty's Linux binary on install: only a Linux checkout has one to pack.
const linuxCheckout = process.platform === 'linux';

describe.skipIf(!linuxCheckout)('electron-builder --linux dir (needs a Linux checkout)', () => {
  let work: string;
  let app: string;
  let cache: string;
  let log: string;
  let asarFiles: string[];
  let unpacked: string[];

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'tether-package-'));
    const project = join(work, 'project');
    stageProject(project);
    standInElectron(join(work, 'electron'));
    cache = join(work, 'cache');

    await run(bin('electron-vite'), ['build'], { cwd: project });
    log = await run(
      bin('electron-builder'),
      [
        '--linux',
        'dir',
        `-c.electronDist=${join(work, 'electron')}`,
        `-c.directories.output=${join(work, 'dist')}`,
      ],
      {
        cwd: project,
        env: {
          ...process.env,
          // electron-builder keeps quiet under Vitest; its log is part of what is checked.
          VITEST: '',
          // Anything it downloaded would land in this empty cache; a dead proxy fails the attempt.
          ELECTRON_BUILDER_CACHE: cache,
          HTTPS_PROXY: 'http://127.0.0.1:9',
          HTTP_PROXY: 'http://127.0.0.1:9',
        },
      },
    );
    app = join(work, 'dist', 'linux-unpacked');
    asarFiles = listPackage(join(app, 'resources', 'app.asar'), { isPack: false }).map((path) =>
      path.slice(1),
    );
    unpacked = walk(join(app, 'resources', 'app.asar.unpacked')).map((path) =>
      relative(join(app, 'resources', 'app.asar.unpacked'), path),
    );
  }, 180_000);

  afterAll(() => {
    // The packaged tree in brief, for the record of each run: what an installed app weighs and
    // what it keeps outside the asar.
    if (app) console.log(treeListing(app, asarFiles.length, unpacked));
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('holds the built app in app.asar, with production dependencies only', () => {
    expect(asarFiles).toEqual(
      expect.arrayContaining([
        'out/main/index.js',
        'out/preload/index.js',
        'out/renderer/index.html',
        'package.json',
      ]),
    );
    const topLevel = new Set(asarFiles.map((path) => path.split('/')[0]));
    expect([...topLevel].sort()).toEqual(['node_modules', 'out', 'package.json']);
    const modules = new Set(
      asarFiles
        .filter((path) => /^node_modules\/[^/]+\//.test(path))
        .map((path) => path.split('/')[1]),
    );
    const { dependencies } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect([...modules].sort()).toEqual(Object.keys(dependencies).sort());
    const packaged = JSON.parse(
      extractFile(join(app, 'resources', 'app.asar'), 'package.json').toString(),
    ) as Record<string, unknown>;
    expect(packaged).toMatchObject({ main: './out/main/index.js', desktopName: 'tether.desktop' });
  });

  it('unpacks node-pty next to the asar, with its Linux binary', () => {
    expect(
      statFile(join(app, 'resources', 'app.asar'), 'node_modules/node-pty/lib/index.js'),
    ).toMatchObject({
      unpacked: true,
    });
    expect(unpacked).toContain('node_modules/node-pty/lib/index.js');
    expect(unpacked).toContain('node_modules/node-pty/build/Release/pty.node');
    for (const binary of unpacked.filter((path) => path.endsWith('.node'))) {
      const header = readFileSync(join(app, 'resources', 'app.asar.unpacked', binary)).subarray(
        0,
        4,
      );
      expect(header.toString('latin1'), binary).toBe('\x7fELF');
    }
  });

  it("ships no other platform's binaries and no sources, tests or development files", () => {
    const tree = walk(app).map((path) => relative(app, path));
    expect(tree.filter((path) => /prebuilds|darwin|win32|\.(dll|exe|dylib)$/.test(path))).toEqual(
      [],
    );
    // The asar and its unpacked folder share one namespace: the app's root.
    const appFiles = [...asarFiles, ...unpacked];
    expect(appFiles.filter((path) => devFiles.some((rule) => rule.test(path)))).toEqual([]);
  });

  it('ships no spawn-helper in a Linux package', () => {
    // node-pty uses one only on macOS; after-pack.test.ts checks the execute bit in that app.
    expect(walk(app).filter((path) => path.endsWith('/spawn-helper'))).toEqual([]);
  });

  it('flips the fuses in the packaged executable', async () => {
    expect(log).toContain('executing @electron/fuses');
    const wire = await getCurrentFuseWire(join(app, 'tether'));
    const state = (fuse: FuseV1Options) => String.fromCharCode(wire[fuse] as number);
    expect(state(FuseV1Options.RunAsNode)).toBe('0');
    expect(state(FuseV1Options.EnableNodeOptionsEnvironmentVariable)).toBe('0');
    expect(state(FuseV1Options.EnableNodeCliInspectArguments)).toBe('0');
    expect(state(FuseV1Options.EnableEmbeddedAsarIntegrityValidation)).toBe('1');
    expect(state(FuseV1Options.OnlyLoadAppFromAsar)).toBe('1');
    expect(state(FuseV1Options.EnableCookieEncryption)).toBe('1');
    // Fuses the configuration leaves alone keep Electron's values.
    expect(state(FuseV1Options.LoadBrowserProcessSpecificV8Snapshot)).toBe('0');
    expect(state(FuseV1Options.GrantFileProtocolExtraPrivileges)).toBe('1');
  });

  it('downloads nothing', () => {
    // The dead proxy set for the build is the guard (a download would have failed the build);
    // this checks the cache it was pointed at stayed unused, so that nothing was fetched before.
    expect(readdirSync(work)).not.toContain('cache');
  });
});
