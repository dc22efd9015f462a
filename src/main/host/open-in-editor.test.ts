import { describe, expect, it } from 'vitest';
import { openInEditor, systemOpener, windowedEditor } from './open-in-editor';

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

  it('falls back to the system’s own opener on each platform', async () => {
    expect(systemOpener('darwin').file).toBe('open');
    expect(systemOpener('linux').file).toBe('xdg-open');
    expect(systemOpener('win32')).toEqual({ file: 'cmd', args: ['/c', 'start', '""'] });
    const started: string[][] = [];
    const launch = async (file: string, args: string[]) => void started.push([file, ...args]);
    await openInEditor('/src/a.ts', { env: { EDITOR: 'vim' }, platform: 'linux', launch });
    await openInEditor('/src/a.ts', { env: { VISUAL: 'code' }, platform: 'linux', launch });
    expect(started).toEqual([
      ['xdg-open', '/src/a.ts'],
      ['code', '/src/a.ts'],
    ]);
    const opened: string[] = [];
    await openInEditor('/src/b.ts', {
      env: {},
      platform: 'darwin',
      launch,
      openPath: async (p) => (opened.push(p), ''),
    });
    expect(opened).toEqual(['/src/b.ts']);
    await expect(
      openInEditor('/src/c.ts', { env: {}, platform: 'darwin', openPath: async () => 'no app' }),
    ).rejects.toThrow('could not open /src/c.ts: no app');
  });
});
