import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../shared/agent-event';
import { editedFile, openInEditor, openPlan, windowedEditor } from './open-in-editor';

describe('opening a file in the user’s editor', () => {
  it('takes $VISUAL, then $EDITOR, with their arguments, when they open a window', () => {
    expect(windowedEditor({ VISUAL: 'code -w', EDITOR: 'vim' })).toEqual({
      file: 'code',
      args: ['-w'],
    });
    expect(windowedEditor({ EDITOR: '/usr/bin/subl' })).toEqual({
      file: '/usr/bin/subl',
      args: [],
    });
    expect(
      windowedEditor({ EDITOR: '"C:\\Program Files\\Notepad++\\notepad++.exe" -multiInst' }),
    ).toEqual({
      file: 'C:\\Program Files\\Notepad++\\notepad++.exe',
      args: ['-multiInst'],
    });
  });

  it('passes over editors that need a terminal', () => {
    expect(windowedEditor({ VISUAL: 'nvim', EDITOR: 'nano' })).toBeNull();
    expect(windowedEditor({ EDITOR: 'emacs -nw' })).toBeNull();
    expect(windowedEditor({ EDITOR: 'emacs' })).toEqual({ file: 'emacs', args: [] });
    expect(windowedEditor({})).toBeNull();
  });

  it('gives the editor `--` before the path where it takes one', () => {
    const env = { VISUAL: 'code -w' };
    expect(openPlan('/src/a.ts', { env, platform: 'linux' })).toEqual({
      kind: 'launch',
      file: 'code',
      args: ['-w', '--', '/src/a.ts'],
    });
    const windows = { VISUAL: '"C:\\Tools\\Cursor.exe"' };
    expect(openPlan('C:\\src\\a.ts', { env: windows, platform: 'win32' })).toEqual({
      kind: 'launch',
      file: 'C:\\Tools\\Cursor.exe',
      args: ['--', 'C:\\src\\a.ts'],
    });
    // One not known to take it gets the path alone (always absolute, so never an option).
    expect(openPlan('/src/a.ts', { env: { EDITOR: 'subl' }, platform: 'darwin' })).toEqual({
      kind: 'launch',
      file: 'subl',
      args: ['/src/a.ts'],
    });
  });

  it('with no editor, opens the file in a way that never runs it, on each platform', async () => {
    const openPath = async () => '';
    const revealPath = () => undefined;
    const desktop = { openPath, revealPath };
    // macOS: the default text editor, in the app and in browser mode alike.
    for (const shell of [desktop, {}])
      expect(openPlan('/src/a.command', { env: {}, platform: 'darwin', ...shell })).toEqual({
        kind: 'launch',
        file: 'open',
        args: ['-t', '/src/a.command'],
      });
    expect(openPlan('/src/a.ts', { env: {}, platform: 'linux', ...desktop })).toEqual({
      kind: 'openPath',
    });
    expect(openPlan('/src/a.ts', { env: {}, platform: 'linux' })).toEqual({
      kind: 'launch',
      file: 'xdg-open',
      args: ['/src/a.ts'],
    });
    // Windows: only a file manager window showing it, never its default application.
    const file = 'C:\\src\\run me & calc.bat';
    expect(openPlan(file, { env: {}, platform: 'win32', ...desktop })).toEqual({ kind: 'reveal' });
    expect(openPlan(file, { env: {}, platform: 'win32' })).toEqual({
      kind: 'launch',
      file: 'explorer.exe',
      args: [`/select,${file}`],
    });

    const done: string[][] = [];
    const launch = async (program: string, args: string[]) => void done.push([program, ...args]);
    await openInEditor(file, {
      env: {},
      platform: 'win32',
      launch,
      openPath: async (path) => (done.push(['openPath', path]), ''),
      revealPath: (path) => void done.push(['revealPath', path]),
    });
    await openInEditor(file, { env: {}, platform: 'win32', launch });
    expect(done).toEqual([
      ['revealPath', file],
      ['explorer.exe', `/select,${file}`],
    ]);
    await expect(
      openInEditor('/src/c.ts', { env: {}, platform: 'linux', openPath: async () => 'no app' }),
    ).rejects.toThrow('could not open /src/c.ts: no app');
  });

  it('opens a file on a host in VS Code or Cursor, connected there over ssh', async () => {
    const started: string[][] = [];
    const launch = async (program: string, args: string[]) => void started.push([program, ...args]);
    await openInEditor('/home/u/app/a.ts', {
      env: { VISUAL: 'code -n' },
      platform: 'darwin',
      host: 'devbox',
      launch,
    });
    await openInEditor('/srv/b.ts', {
      env: { EDITOR: '/usr/local/bin/cursor' },
      platform: 'win32',
      host: 'ssh://me@10.0.0.2:2222',
      launch,
    });
    expect(started).toEqual([
      ['code', '-n', '--remote', 'ssh-remote+devbox', '--', '/home/u/app/a.ts'],
      ['/usr/local/bin/cursor', '--remote', 'ssh-remote+me@10.0.0.2:2222', '--', '/srv/b.ts'],
    ]);
  });

  it('says where a file on a host is, and what would open it, with any other editor', async () => {
    const started: string[] = [];
    const launch = async (program: string) => void started.push(program);
    const opening = (env: NodeJS.ProcessEnv) =>
      openInEditor('/home/u/a.ts', { env, platform: 'linux', host: 'devbox', launch });
    await expect(opening({ VISUAL: 'subl' })).rejects.toThrow(
      '/home/u/a.ts is on devbox, and your editor (subl) cannot open a file there: with $VISUAL set to code or cursor, Tether would run: code --remote ssh-remote+devbox /home/u/a.ts',
    );
    await expect(opening({})).rejects.toThrow('/home/u/a.ts is on devbox, and no editor is set to');
    // Nothing on this machine is opened in its place, whatever the desktop offers.
    expect(started).toEqual([]);
  });

  it('never starts anything through cmd /c start', async () => {
    const started: string[] = [];
    const launch = async (program: string, args: string[]) =>
      void started.push([program, ...args].join(' '));
    for (const platform of ['win32', 'darwin', 'linux'] as const)
      for (const env of [{}, { EDITOR: 'vim' }, { VISUAL: 'notepad' }])
        await openInEditor(platform === 'win32' ? 'C:\\a&b.js' : '/a&b.js', {
          env,
          platform,
          launch,
        });
    expect(started).toHaveLength(9);
    expect(started.filter((line) => /^cmd\b|\bstart\b/i.test(line))).toEqual([]);
  });
});

describe.skipIf(process.platform === 'win32')('a real opener', () => {
  /** Opens a file with an editor that is a shell script of these lines. */
  async function openWith(script: string) {
    const dir = await mkdtemp(join(tmpdir(), 'opener-'));
    const editor = join(dir, 'editor');
    await writeFile(editor, `#!/bin/sh\n${script}\n`);
    await chmod(editor, 0o755);
    try {
      await openInEditor(join(dir, 'a.ts'), { env: { VISUAL: editor }, platform: 'linux' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  it('reports an opener that fails, with the reason it gave, instead of having opened', async () => {
    await expect(
      openWith('echo "warming up" >&2\necho "no display to open on" >&2\nexit 3'),
    ).rejects.toThrow('editor could not open the file: no display to open on');
    await expect(openWith('exit 4')).rejects.toThrow(
      'editor could not open the file: it ended with code 4',
    );
  });

  it('takes an opener that hands over and ends, or keeps running, as opened', async () => {
    await expect(openWith('exit 0')).resolves.toBeUndefined();
    await expect(openWith('sleep 5')).resolves.toBeUndefined();
  });
});

describe('the file an agent’s edit changed', () => {
  const call = (id: string, name: string, input: Record<string, unknown>): AgentEvent => ({
    type: 'tool_use',
    id,
    name,
    input,
    parent_tool_use_id: null,
  });
  const result = (id: string, isError = false): AgentEvent => ({
    type: 'tool_result',
    tool_use_id: id,
    content: isError ? 'File has not been read yet.' : 'ok',
    is_error: isError,
    parent_tool_use_id: null,
  });

  it('is the path of an edit tool call that succeeded', () => {
    const log = [
      call('w', 'Write', { file_path: '/src/a.ts', content: 'x' }),
      result('w'),
      call('n', 'NotebookEdit', { notebook_path: '/src/n.ipynb', new_source: 'x' }),
      result('n'),
      call('c', 'Edit', { file_path: 'C:\\src\\a.ts', old_string: 'a', new_string: 'b' }),
      result('c'),
    ];
    expect(editedFile(log, 'w', 'linux')).toBe('/src/a.ts');
    expect(editedFile(log, 'n', 'darwin')).toBe('/src/n.ipynb');
    expect(editedFile(log, 'c', 'win32')).toBe('C:\\src\\a.ts');
  });

  it('refuses a path the session did not change, saying why', () => {
    const log = [
      call('r', 'Read', { file_path: '/etc/passwd' }),
      result('r'),
      call('failed', 'Edit', { file_path: '/src/a.ts', old_string: 'a', new_string: 'b' }),
      result('failed', true),
      call('pending', 'Write', { file_path: '/src/b.ts', content: 'x' }),
    ];
    expect(() => editedFile(log, 'r', 'linux')).toThrow('a Read call edits no file');
    expect(() => editedFile(log, 'failed', 'linux')).toThrow(
      'the Edit call did not change /src/a.ts in this session',
    );
    expect(() => editedFile(log, 'pending', 'linux')).toThrow(
      'the Write call did not change /src/b.ts in this session',
    );
    expect(() => editedFile(log, 'other', 'linux')).toThrow(
      'this agent block made no tool call other',
    );
  });

  it('on a host, is a POSIX path there, whatever this machine is', () => {
    const log = [
      call('w', 'Write', { file_path: '/home/u/a.ts', content: 'x' }),
      result('w'),
      call('c', 'Write', { file_path: 'C:\\src\\a.ts', content: 'x' }),
      result('c'),
    ];
    expect(editedFile(log, 'w', 'win32', 'devbox')).toBe('/home/u/a.ts');
    expect(() => editedFile(log, 'c', 'win32', 'devbox')).toThrow(
      'the edit names no absolute path of a file on devbox',
    );
  });

  it('refuses an option, a URL, a relative path or a network share in place of a path', () => {
    const cases = [
      ['linux', '--flag'],
      ['linux', '-n'],
      ['linux', 'https://example.com/x'],
      ['linux', 'file:///etc/passwd'],
      ['linux', 'src/a.ts'],
      ['win32', '--flag'],
      ['win32', 'https://example.com/x'],
      ['win32', '\\\\server\\share\\a.ts'],
      ['win32', '/src/a.ts'],
    ] as const;
    for (const [platform, path] of cases) {
      const log = [call('w', 'Write', { file_path: path, content: 'x' }), result('w')];
      expect(() => editedFile(log, 'w', platform), `${platform} ${path}`).toThrow(
        'the edit names no absolute path of a file on this machine',
      );
    }
  });
});
