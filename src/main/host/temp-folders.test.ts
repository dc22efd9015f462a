import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Host } from './host';
import { testHost } from '#test/support/test-host';
import { until } from '#test/support/until';

const installScripts = join(__dirname, '..', 'pty', 'shell-integration', 'install-scripts.ts');
// A Tether process as far as the scripts folder goes: it writes the folder its shells read.
const makeFolder = (then: string) => [
  '--import',
  'tsx',
  '-e',
  `import(${JSON.stringify(installScripts)}).then((m) => { m.scriptFolder(); ${then} });`,
];

let temp: string;
let hostDir: string;
// tsx keeps its cache in the same temporary folder.
const tetherFolders = () => readdirSync(temp).filter((name) => name.startsWith('tether-'));
let host: Host | undefined;
const savedTmpdir = process.env['TMPDIR'];

beforeEach(() => {
  temp = mkdtempSync(join(tmpdir(), 'temp-folders-'));
  hostDir = mkdtempSync(join(tmpdir(), 'temp-folders-host-'));
});

afterEach(async () => {
  await host?.dispose();
  host = undefined;
  if (savedTmpdir === undefined) delete process.env['TMPDIR'];
  else process.env['TMPDIR'] = savedTmpdir;
  rmSync(temp, { recursive: true, force: true });
  rmSync(hostDir, { recursive: true, force: true });
});

describe('the shells’ integration scripts folder', () => {
  it('goes when Tether exits', () => {
    const child = spawnSync(process.execPath, makeFolder('process.exit(0);'), {
      env: { ...process.env, TMPDIR: temp },
      encoding: 'utf8',
    });
    expect(child.status, child.stderr).toBe(0);
    expect(tetherFolders()).toEqual([]);
  });

  it.skipIf(process.platform === 'win32')(
    'left by a Tether that was killed, goes when the next one starts',
    async () => {
      const child = spawn(process.execPath, makeFolder('setInterval(() => {}, 1000);'), {
        env: { ...process.env, TMPDIR: temp },
      });
      await until(() => tetherFolders().length > 0, 'the folder');
      const ended = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await ended;
      expect(tetherFolders()).toHaveLength(1);
      process.env['TMPDIR'] = temp;
      host = testHost(hostDir);
      expect(tetherFolders()).toEqual([]);
    },
  );
});
