import { spawn, type SpawnOptions } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  browserOpenCommand,
  openBrowser,
  shouldOpenBrowser,
} from '../../scripts/start/open-browser';

const url = 'http://127.0.0.1:41234/?token=abc&x=1';

describe('browserOpenCommand', () => {
  it('uses xdg-open on linux', () => {
    expect(browserOpenCommand('linux', url)).toEqual({
      command: 'xdg-open',
      args: [url],
      verbatim: false,
    });
  });

  it('uses open on darwin', () => {
    expect(browserOpenCommand('darwin', url)).toEqual({
      command: 'open',
      args: [url],
      verbatim: false,
    });
  });

  it('uses start with an empty title on win32, & escaped for cmd.exe', () => {
    expect(browserOpenCommand('win32', url)).toEqual({
      command: 'cmd',
      args: ['/c', 'start', '""', 'http://127.0.0.1:41234/?token=abc^&x=1'],
      verbatim: true,
    });
  });
});

describe('shouldOpenBrowser', () => {
  it.each([
    ['linux', {}, false],
    ['linux', { DISPLAY: ':0' }, true],
    ['linux', { WAYLAND_DISPLAY: 'wayland-0' }, true],
    ['linux', { DISPLAY: ':0', BROWSER: 'none' }, false],
    ['darwin', {}, true],
    ['darwin', { BROWSER: 'none' }, false],
    ['win32', {}, true],
  ] as const)('%s %j → %s', (platform, env, expected) => {
    expect(shouldOpenBrowser(platform, env)).toBe(expected);
  });
});

// The real spawn against a stand-in xdg-open on PATH: the desktop's browser cannot exist here.
describe.skipIf(process.platform === 'win32')(
  'openBrowser (skipped on Windows: the stand-in opener is a shell script)',
  () => {
    let bin: string;
    let warnings: string[];
    beforeEach(() => {
      bin = mkdtempSync(join(tmpdir(), 'tether-opener-'));
      warnings = [];
    });
    afterEach(() => rmSync(bin, { recursive: true, force: true }));

    const open = () =>
      openBrowser(url, {
        platform: 'linux',
        spawn: ((command: string, args: string[], options: SpawnOptions) =>
          spawn(command, args, {
            ...options,
            env: { ...process.env, PATH: bin },
          })) as typeof spawn,
        warn: (line) => warnings.push(line),
      });
    const opener = (body: string) => {
      writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\n${body}\n`);
      chmodSync(join(bin, 'xdg-open'), 0o755);
    };
    const until = async (done: () => boolean) => {
      for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 50));
    };

    it('hands the URL to the opener and says nothing', async () => {
      const seen = join(bin, 'seen');
      opener(`printf '%s' "$1" > ${seen}`);
      open();
      await until(() => existsSync(seen) && readFileSync(seen, 'utf8').length > 0);
      expect(readFileSync(seen, 'utf8')).toBe(url);
      await new Promise((r) => setTimeout(r, 200));
      expect(warnings).toEqual([]);
    });

    it('says in one line when the opener fails', async () => {
      opener('exit 3');
      open();
      await until(() => warnings.length > 0);
      expect(warnings).toEqual([
        'tether: could not open a browser (xdg-open exited with status 3); open the URL above yourself.',
      ]);
    });

    it('says in one line when there is no opener', async () => {
      open();
      await until(() => warnings.length > 0);
      await new Promise((r) => setTimeout(r, 200));
      expect(warnings).toEqual([
        'tether: could not open a browser (xdg-open: ENOENT); open the URL above yourself.',
      ]);
    });
  },
);
