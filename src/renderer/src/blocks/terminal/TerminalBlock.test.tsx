// @vitest-environment jsdom
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppInfoContext, type AppInfo } from '../../host/app-info';
import { FakeHost } from '../agent/testing/fake-host';
import type { TerminalView } from './terminal-view';
import { TerminalBlock } from './TerminalBlock';
import { dropFiles } from './testing/drop-files';
import { letXtermRunInJsdom } from './testing/xterm-in-jsdom';

// Each xterm the block makes, to look at from outside: the real one, only recorded.
const views = vi.hoisted(() => [] as TerminalView[]);
vi.mock('./terminal-view', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./terminal-view')>();
  class RecordedView extends actual.TerminalView {
    constructor(...args: ConstructorParameters<typeof actual.TerminalView>) {
      super(...args);
      views.push(this);
    }
  }
  return { ...actual, TerminalView: RecordedView };
});

const BLOCK_ID = 'term-1';

/** Mounts a terminal block as the workspace does, once the host has answered its open. */
async function mount(info: Partial<AppInfo>, opened: { cwd: string; shell?: string }) {
  const host = new FakeHost();
  host.replies.openTerminal = opened;
  render(
    <StrictMode>
      <AppInfoContext.Provider value={info}>
        <TerminalBlock
          blockId={BLOCK_ID}
          spec={{ kind: 'terminal', cwd: opened.cwd }}
          api={host.api}
          onSpecChange={() => undefined}
          handleRef={() => undefined}
        />
      </AppInfoContext.Provider>
    </StrictMode>,
  );
  await waitFor(() => expect(host.paramsOf('openTerminal')).not.toEqual([]));
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return host;
}

/** Drops files onto the block, each with the path Electron's preload would give it. */
function dropWithPaths(paths: string[]) {
  const files = paths.map((path) => new File(['x'], path.split(/[\\/]/).pop()!));
  Object.assign(window, {
    tether: { pathForFile: (file: File) => paths[files.indexOf(file)] ?? '' },
  });
  const target = document.querySelector('.terminal-container')!;
  return dropFiles(target, files);
}

beforeEach(() => {
  letXtermRunInJsdom();
  views.length = 0;
});

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(window, 'tether');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a file dropped onto a terminal block', () => {
  it.each([
    {
      platform: 'linux',
      shell: '/bin/bash',
      path: `/home/ada/My "Notes"/it's here.txt`,
      typed: `'/home/ada/My "Notes"/it'\\''s here.txt' `,
    },
    {
      platform: 'darwin',
      shell: '/bin/zsh',
      path: `/Users/ada/Ada's "$HOME" notes.txt`,
      typed: `'/Users/ada/Ada'\\''s "$HOME" notes.txt' `,
    },
    {
      platform: 'win32',
      shell: 'C:\\Program Files\\PowerShell\\7\\pwsh.exe',
      path: "C:\\Users\\ada\\it's $env:TEMP `n notes.txt",
      typed: "'C:\\Users\\ada\\it''s $env:TEMP `n notes.txt' ",
    },
    {
      platform: 'win32',
      shell: 'C:\\WINDOWS\\system32\\cmd.exe',
      path: "C:\\Users\\ada\\it's 100% %USERNAME% notes.txt",
      typed: `"C:\\Users\\ada\\it's 100"%" "%"USERNAME"%" notes.txt" `,
    },
  ])(
    '$platform, $shell: types its path quoted for that shell',
    async ({ platform, shell, path, typed }) => {
      const host = await mount({ platform, shell }, { cwd: '/work', shell });
      expect(dropWithPaths([path])).toEqual({ overCancelled: true, dropCancelled: true });
      expect(host.paramsOf('writeTerminal')).toEqual([{ terminalId: BLOCK_ID, data: typed }]);
    },
  );

  it('quotes for the shell this block runs, not the one new terminals get', async () => {
    const host = await mount(
      { platform: 'win32', shell: 'C:\\Program Files\\PowerShell\\7\\pwsh.exe' },
      { cwd: 'C:\\work', shell: 'C:\\WINDOWS\\system32\\cmd.exe' },
    );
    dropWithPaths(['C:\\work\\My Notes.txt', 'C:\\work\\b.txt']);
    expect(host.paramsOf('writeTerminal')).toEqual([
      { terminalId: BLOCK_ID, data: '"C:\\work\\My Notes.txt" "C:\\work\\b.txt" ' },
    ]);
  });

  it('types nothing for a file with no path on disk (browser mode)', async () => {
    const host = await mount({ platform: 'linux', shell: '/bin/bash' }, { cwd: '/work' });
    const target = document.querySelector('.terminal-container')!;
    expect(dropFiles(target, [new File(['x'], 'notes.txt')]).dropCancelled).toBe(true);
    expect(host.paramsOf('writeTerminal')).toEqual([]);
  });
});

describe('the terminal’s pty, for xterm', () => {
  it('on Windows is ConPTY of the build the host reports', async () => {
    const windowsPty = { backend: 'conpty', buildNumber: 19045 } as const;
    await mount({ platform: 'win32', windowsPty }, { cwd: 'C:\\work' });
    expect(views.at(-1)!.term.options.windowsPty).toEqual(windowsPty);
  });

  it('elsewhere is left to xterm’s default (no Windows pty)', async () => {
    await mount({ platform: 'linux' }, { cwd: '/work' });
    expect(views.at(-1)!.term.options.windowsPty).toEqual({});
  });
});
