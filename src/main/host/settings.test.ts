import { mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SettingsFile, type SettingsState } from './settings';

const open: SettingsFile[] = [];
afterEach(() => open.splice(0).forEach((file) => file.dispose()));

function settingsIn(text?: string) {
  const dir = mkdtempSync(join(tmpdir(), 'tether-settings-'));
  const path = join(dir, 'settings.json');
  if (text !== undefined) writeFileSync(path, text);
  const log: string[] = [];
  const file = new SettingsFile(path, { log: (m) => log.push(m), debounceMs: 50 });
  open.push(file);
  return { file, path, log };
}

function nextChange(file: SettingsFile): Promise<SettingsState> {
  return new Promise((resolve) => {
    const stop = file.onChange((state) => {
      stop();
      resolve(state);
    });
  });
}

describe('SettingsFile', () => {
  it('reads a valid file', () => {
    const settings = {
      claudePath: '/opt/claude',
      shell: { file: '/bin/zsh', args: ['-l'] },
      devTools: true,
    };
    const { file } = settingsIn(JSON.stringify(settings));
    expect(file.current).toEqual({ settings, problem: null });
  });

  it('uses the defaults without a file, and says nothing', () => {
    const { file, log } = settingsIn();
    expect(file.current).toEqual({ settings: {}, problem: null });
    expect(log).toEqual([]);
  });

  it('reports an invalid file in one line, uses the defaults and never writes over it', () => {
    const text = '{ "claudePath": 42, "claudepath": "/x" }';
    const { file, path, log } = settingsIn(text);
    expect(file.current.settings).toEqual({});
    expect(file.current.problem).toMatch(
      new RegExp(
        `^${path} is not valid: .*claudePath.*Using the default settings until it is fixed\\.$`,
      ),
    );
    expect(file.current.problem).toContain('claudepath');
    expect(file.current.problem).not.toContain('\n');
    expect(log).toEqual([`tether: ${file.current.problem}`]);
    expect(file.ensure()).toBe(path);
    expect(readFileSync(path, 'utf8')).toBe(text);
  });

  it('reports a file that is not JSON', () => {
    const { file } = settingsIn('{ "claudePath": "/x" "shell": null }');
    expect(file.current.problem).toMatch(
      /is not valid: not JSON \(CommaExpected on line 1\)\. Using the default/,
    );
  });

  it('reads comments and trailing commas, as people write settings files', () => {
    const { file } = settingsIn('{\n  // mine\n  "claudePath": "/x", /* why */\n}\n');
    expect(file.current).toEqual({ settings: { claudePath: '/x' }, problem: null });
  });

  it('creates a missing file with every default, as plain JSON', () => {
    const { file, path } = settingsIn();
    expect(file.ensure()).toBe(path);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({
      claudePath: null,
      shell: null,
      shellIntegration: null,
      worktreeFolder: null,
      worktreeSetup: null,
      taskTools: null,
      sshConfigFile: null,
      devTools: null,
      reattachGraceSeconds: null,
      notifications: { needsYou: true, done: true, error: true },
      terminalFontFamily: null,
      terminalFontSize: null,
      theme: null,
    });
  });

  it('starts all the same where its folder cannot be watched, and says changes need a restart', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tether-settings-'));
    // A file where the settings folder should be: it can be neither made nor watched.
    writeFileSync(join(dir, 'not-a-folder'), '');
    const log: string[] = [];
    const file = new SettingsFile(join(dir, 'not-a-folder', 'settings.json'), {
      log: (m) => log.push(m),
    });
    open.push(file);
    expect(() => file.watch()).not.toThrow();
    expect(file.current.settings).toEqual({});
    expect(log.at(-1)).toMatch(
      /cannot follow changes to .*settings\.json \(.+\); changes apply after a restart\.$/,
    );
  });

  it('follows edits, including an editor’s save by rename, and a fix of a broken file', async () => {
    const { file, path } = settingsIn('{}');
    file.watch();
    let change = nextChange(file);
    writeFileSync(path, JSON.stringify({ claudePath: '/first' }));
    expect((await change).settings.claudePath).toBe('/first');

    change = nextChange(file);
    writeFileSync(`${path}.tmp`, JSON.stringify({ claudePath: '/second' }));
    renameSync(`${path}.tmp`, path);
    expect((await change).settings.claudePath).toBe('/second');

    change = nextChange(file);
    writeFileSync(path, '{ oops');
    expect(await change).toMatchObject({
      settings: {},
      problem: expect.stringContaining('not JSON'),
    });

    change = nextChange(file);
    writeFileSync(path, '{ "claudePath": "/fixed" }');
    expect(await change).toEqual({ settings: { claudePath: '/fixed' }, problem: null });
  });
});

describe('SettingsFile.edit', () => {
  const commented = [
    '{',
    '    // Chosen after a long discussion.',
    '    "claudePath": "/opt/claude", /* the team\'s build */',
    '    "notifications": {',
    '        "done": false, // too many',
    '        "error": true',
    '    }',
    '}',
    '',
  ].join('\n');

  it('changes only what it is asked to: comments, other keys and the layout stay', async () => {
    const { file, path } = settingsIn(commented);
    const state = await file.edit({
      terminalFontSize: 16,
      notifications: { done: false, error: false },
    });
    expect(state).toEqual({
      settings: {
        claudePath: '/opt/claude',
        notifications: { done: false, error: false },
        terminalFontSize: 16,
      },
      problem: null,
    });
    expect(file.current).toBe(state);
    expect(readFileSync(path, 'utf8')).toBe(
      [
        '{',
        '    // Chosen after a long discussion.',
        '    "claudePath": "/opt/claude", /* the team\'s build */',
        '    "notifications": {',
        '        "done": false, // too many',
        '        "error": false',
        '    },',
        '    "terminalFontSize": 16',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('keeps a key it does not know as it is, and sets a setting back to the default', async () => {
    const text = '{\n  "fromANewerTether": [1, 2],\n  "claudePath": "/opt/claude"\n}\n';
    const { path, file } = settingsIn(text);
    await file.edit({ claudePath: null, theme: 'dark' });
    expect(readFileSync(path, 'utf8')).toBe(
      '{\n  "fromANewerTether": [1, 2],\n  "claudePath": null,\n  "theme": "dark"\n}\n',
    );
    // Still reported, as before the edit: this Tether cannot tell what the key means.
    expect(file.current.problem).toContain('fromANewerTether');
    // A problem of the edit's own is refused, and named alone.
    const edited = readFileSync(path, 'utf8');
    await expect(file.edit({ terminalFontFamily: ' ' })).rejects.toThrow(
      /^terminalFontFamily: [^;]*; nothing was written/,
    );
    expect(readFileSync(path, 'utf8')).toBe(edited);
  });

  it('refuses an invalid value and writes nothing', async () => {
    const { file, path } = settingsIn(commented);
    await expect(file.edit({ terminalFontSize: 500 })).rejects.toThrow(
      /^terminalFontSize: .*; nothing was written to .*settings\.json\.$/,
    );
    expect(readFileSync(path, 'utf8')).toBe(commented);
    expect(file.current.settings.terminalFontSize).toBeUndefined();
  });

  it('reports a file that does not parse and leaves it byte for byte', async () => {
    const broken = '{ "theme": "dark", oops }\n';
    const { file, path } = settingsIn(broken);
    await expect(file.edit({ theme: 'light' })).rejects.toThrow(
      `${path} is not valid JSON (InvalidSymbol on line 1); Tether left it as it is.`,
    );
    expect(readFileSync(path, 'utf8')).toBe(broken);
  });

  it('creates a missing file with only the setting changed', async () => {
    const { file, path } = settingsIn();
    await file.edit({ theme: 'light' });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ theme: 'light' });
  });
});
