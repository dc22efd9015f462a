// @vitest-environment jsdom
import { hostKeyNotAccepted } from '../../../../shared/ssh-failures';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BlockSpec } from '../../../../shared/workspace-state';
import { appearanceSettings, type AppearanceSettings } from '../../../../shared/settings';
import { HostRequestError } from '../../../../shared/host-api';
import { AppInfoContext, type AppInfo } from '../../host/app-info';
import { AppearanceContext } from '../../ui/appearance';
import { FakeHost } from '../agent/testing/fake-host';
import { reconnectDelay } from '../reconnect/use-reconnect';
import type { BlockHandle } from '../registry';
import type { TerminalView } from './terminal-view';
import { TerminalBlock } from './TerminalBlock';
import { WRITE_PIECE } from './terminal-link';
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
async function mount(
  info: Partial<AppInfo>,
  opened: { cwd: string; shell?: string },
  spec: Partial<BlockSpec> = {},
  host = new FakeHost(),
) {
  host.replies.openTerminal ??= opened;
  render(
    <StrictMode>
      <AppInfoContext.Provider value={info}>
        <TerminalBlock
          blockId={BLOCK_ID}
          spec={{ kind: 'terminal', cwd: opened.cwd, ...spec }}
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

describe('a terminal block on another machine', () => {
  const remote = { host: 'devbox' };
  /** The lines xterm shows, scrollback included. */
  const screenText = () => {
    const buffer = views.at(-1)!.term.buffer.active;
    return Array.from({ length: buffer.length }, (_, row) =>
      buffer.getLine(row)!.translateToString(true),
    ).join('\n');
  };
  const output = (text: string) =>
    act(() =>
      host.emit('terminalData', {
        terminalId: BLOCK_ID,
        data: new TextEncoder().encode(text),
      }),
    );
  let host: FakeHost;
  const disconnect = () =>
    act(() =>
      host.emit('terminalExit', {
        terminalId: BLOCK_ID,
        exitCode: 255,
        signal: null,
        disconnected: 'Timeout, server devbox not responding.',
      }),
    );
  const written = () =>
    new Promise<void>((resolve) => views.at(-1)!.term.write('', () => resolve()));

  it('opens its shell on the host, in the folder there', async () => {
    host = await mount({ platform: 'linux' }, { cwd: '/home/ada/src' }, remote);
    expect(host.paramsOf('openTerminal')).toContainEqual(
      expect.objectContaining({ terminalId: BLOCK_ID, cwd: '/home/ada/src', host: 'devbox' }),
    );
  });

  it('says it is disconnected and why, and Reconnect opens a new shell below the old output', async () => {
    host = await mount({ platform: 'linux' }, { cwd: '/home/ada/src' }, remote);
    output('ada@devbox:~/src$ make\r\nbuilt 3 targets\r\n');
    disconnect();
    await act(written);
    const status = screen.getByRole('status', { name: 'Disconnected' });
    expect(status.textContent).toContain('Timeout, server devbox not responding');
    expect(status.textContent).toContain('The shell could not survive it');
    expect(screen.queryByText(/The shell exited/)).toBeNull();
    expect(screenText()).toMatch(/built 3 targets[\s\S]*Disconnected from devbox: Timeout/);

    const opens = host.paramsOf('openTerminal').length;
    fireEvent.click(screen.getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(host.paramsOf('openTerminal')).toHaveLength(opens + 1));
    expect(host.paramsOf('openTerminal').at(-1)).toMatchObject({
      cwd: '/home/ada/src',
      host: 'devbox',
    });
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Disconnected' })).toBeNull());
    expect(screenText()).toContain('built 3 targets');
  });

  it('reconnects by itself after 1 s, 2 s, 4 s…, showing why each attempt failed', async () => {
    host = await mount({ platform: 'linux' }, { cwd: '/home/ada/src' }, remote);
    vi.useFakeTimers();
    try {
      let refusals = 3;
      host.replies.openTerminal = () =>
        refusals-- > 0
          ? Promise.reject(new HostRequestError(`openTerminal: devbox refused (${3 - refusals}).`))
          : { cwd: '/home/ada/src' };
      const opens = () => host.paramsOf('openTerminal').length;
      const before = opens();
      disconnect();
      const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
      const status = () => screen.getByRole('status', { name: 'Disconnected' }).textContent;

      await wait(999);
      expect(opens()).toBe(before);
      await wait(1);
      expect(opens()).toBe(before + 1);
      expect(status()).toContain('Attempt 1 to reconnect failed: devbox refused (1).');
      await wait(1999);
      expect(opens()).toBe(before + 1);
      await wait(1);
      expect(opens()).toBe(before + 2);
      expect(status()).toContain('Attempt 2 to reconnect failed: devbox refused (2).');
      await wait(3999);
      expect(opens()).toBe(before + 2);
      await wait(1);
      expect(opens()).toBe(before + 3);
      expect(status()).toContain('Reconnecting in 8 s.');
      await wait(8000);
      expect(opens()).toBe(before + 4);
      expect(screen.queryByRole('status', { name: 'Disconnected' })).toBeNull();
      await wait(60_000);
      expect(opens()).toBe(before + 4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('tries again by itself when its first open fails, until a failure only the user can fix', async () => {
    const replies = ['devbox did not answer in time.', hostKeyNotAccepted('devbox')];
    const fake = new FakeHost();
    fake.replies.openTerminal = () => {
      const failure = replies.shift();
      return failure
        ? Promise.reject(new HostRequestError(`openTerminal: ${failure}`))
        : { cwd: '/home/ada/src' };
    };
    // Fake timers that also run on their own, so that the mount's waits still end.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      host = await mount({ platform: 'linux' }, { cwd: '/home/ada/src' }, remote, fake);
      const status = () => screen.getByRole('status', { name: 'Disconnected' }).textContent;
      await waitFor(() =>
        expect(status()).toContain(
          'The shell on devbox did not open: devbox did not answer in time.',
        ),
      );
      expect(status()).toContain('Reconnecting in 1 s.');
      const opens = () => host.paramsOf('openTerminal').length;
      const before = opens();
      const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
      await wait(1000);
      expect(opens()).toBe(before + 1);
      expect(status()).toContain('was not accepted');
      expect(status()).toContain('Tether stopped trying by itself');
      await wait(120_000);
      expect(opens()).toBe(before + 1);
      fireEvent.click(screen.getByRole('button', { name: 'Reconnect' }));
      await wait(0);
      expect(opens()).toBe(before + 2);
      expect(screen.queryByRole('status', { name: 'Disconnected' })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits at most 30 s between attempts', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(reconnectDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('copies dropped files to the host and types their copies’ paths, POSIX-quoted', async () => {
    host = await mount({ platform: 'win32', shell: 'C:\\pwsh.exe' }, { cwd: '/home/ada' }, remote);
    host.replies.copyToHost = {
      paths: ["/tmp/tether-drop.x1/Ada's notes.txt", '/tmp/tether-drop.x2/b'],
    };
    dropWithPaths(["C:\\Users\\ada\\Ada's notes.txt", 'C:\\Users\\ada\\b']);
    await waitFor(() => expect(host.paramsOf('writeTerminal')).not.toEqual([]));
    expect(host.paramsOf('copyToHost')).toEqual([
      { host: 'devbox', paths: ["C:\\Users\\ada\\Ada's notes.txt", 'C:\\Users\\ada\\b'] },
    ]);
    expect(host.paramsOf('writeTerminal')).toEqual([
      {
        terminalId: BLOCK_ID,
        data: `'/tmp/tether-drop.x1/Ada'\\''s notes.txt' /tmp/tether-drop.x2/b `,
      },
    ]);
  });

  it('says why dropped files could not be copied, and types nothing', async () => {
    host = await mount({ platform: 'linux' }, { cwd: '/home/ada' }, remote);
    host.replies.copyToHost = () =>
      Promise.reject(new HostRequestError('copyToHost: The host has no room left for the copy.'));
    dropWithPaths(['/home/me/big.iso']);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The host has no room left for the copy.',
    );
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

describe('keys typed while the shell opens', () => {
  it('wait for the open and reach the shell in order, not nowhere', async () => {
    const host = new FakeHost();
    let answer!: (opened: { cwd: string }) => void;
    host.replies.openTerminal = () => new Promise((resolve) => (answer = resolve));
    render(
      <TerminalBlock
        blockId={BLOCK_ID}
        spec={{ kind: 'terminal', cwd: '/srv', host: 'devbox' }}
        api={host.api}
        onSpecChange={() => undefined}
        handleRef={() => undefined}
      />,
    );
    await waitFor(() => expect(host.paramsOf('openTerminal')).not.toEqual([]));
    const term = views.at(-1)!.term;
    act(() => {
      term.input('ls', true);
      term.input('\r', true);
    });
    expect(host.paramsOf('writeTerminal')).toEqual([]);
    await act(async () => answer({ cwd: '/srv' }));
    expect(host.paramsOf('writeTerminal')).toEqual([
      { terminalId: BLOCK_ID, data: 'ls' },
      { terminalId: BLOCK_ID, data: '\r' },
    ]);
  });
});

describe('a flood of output', () => {
  it('reaches xterm in pieces it can yield between, whole, and is acknowledged once', async () => {
    const host = await mount({ platform: 'linux' }, { cwd: '/home/ada' });
    const term = views.at(-1)!.term;
    const write = vi.spyOn(term, 'write');
    // An odd start puts a piece boundary inside a two-byte character.
    const lines = 330;
    const text = 'x' + `${'é'.repeat(30)}\r\n`.repeat(lines);
    const data = new TextEncoder().encode(text);
    expect(data.length).toBeGreaterThan(2 * WRITE_PIECE);
    act(() => host.emit('terminalData', { terminalId: BLOCK_ID, data }));
    await new Promise<void>((resolve) => term.write('', () => resolve()));
    const pieces = write.mock.calls.map(([piece]) => piece.length).filter(Boolean);
    expect(pieces).toEqual([WRITE_PIECE, WRITE_PIECE, data.length - 2 * WRITE_PIECE]);
    const buffer = term.buffer.active;
    const shown = Array.from({ length: buffer.length }, (_, row) =>
      buffer.getLine(row)!.translateToString(true),
    ).join('');
    expect(shown.match(/é/g)).toHaveLength(30 * lines);
    expect(shown).not.toContain('\ufffd');
    expect(host.paramsOf('acknowledgeTerminal')).toEqual([
      { terminalId: BLOCK_ID, bytes: data.length },
    ]);
  });
});

describe('while the user types in another block', () => {
  const typeElsewhere = () => {
    const other = document.body.appendChild(document.createElement('div'));
    other.dataset['blockId'] = 'typing';
    const box = other.appendChild(document.createElement('textarea'));
    box.focus();
    fireEvent.keyDown(box, { key: 'a' });
    return other;
  };
  const pieces = (count: number) => new TextEncoder().encode('y\n'.repeat(count * WRITE_PIECE));

  it('parses its output in the time they leave free, then catches up with none of it lost', async () => {
    const host = await mount({ platform: 'linux' }, { cwd: '/home/ada' });
    const term = views.at(-1)!.term;
    const write = vi.spyOn(term, 'write');
    const other = typeElsewhere();
    const data = pieces(8);
    act(() => host.emit('terminalData', { terminalId: BLOCK_ID, data }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The first piece at once, the next ones only after nine times what it cost: held, not
    // acknowledged, so the host keeps the shell paused meanwhile.
    const written = write.mock.calls.length;
    expect(written).toBeGreaterThanOrEqual(1);
    expect(written).toBeLessThan(16);
    expect(host.paramsOf('acknowledgeTerminal')).toEqual([]);
    // A moment after the last key, the rest goes in at full speed.
    await waitFor(
      () =>
        expect(host.paramsOf('acknowledgeTerminal')).toEqual([
          { terminalId: BLOCK_ID, bytes: data.length },
        ]),
      { timeout: 3000 },
    );
    expect(write.mock.calls.map(([piece]) => piece.length)).toEqual(Array(16).fill(WRITE_PIECE));
    other.remove();
  });

  it('writes at once in the terminal they are typing in', async () => {
    const host = await mount({ platform: 'linux' }, { cwd: '/home/ada' });
    const term = views.at(-1)!.term;
    const write = vi.spyOn(term, 'write');
    term.textarea!.focus();
    fireEvent.keyDown(term.textarea!, { key: 'a' });
    const data = pieces(4);
    act(() => host.emit('terminalData', { terminalId: BLOCK_ID, data }));
    expect(write.mock.calls).toHaveLength(8);
    await new Promise<void>((resolve) => term.write('', () => resolve()));
    expect(host.paramsOf('acknowledgeTerminal')).toEqual([
      { terminalId: BLOCK_ID, bytes: data.length },
    ]);
  });
});

describe('the settings’ font and theme', () => {
  it('reach an open terminal at once, without a new one', async () => {
    const host = new FakeHost();
    host.replies.openTerminal = { cwd: '/work' };
    const block = (appearance: AppearanceSettings) => (
      <AppearanceContext.Provider value={appearance}>
        <TerminalBlock
          blockId={BLOCK_ID}
          spec={{ kind: 'terminal', cwd: '/work' }}
          api={host.api}
          onSpecChange={() => undefined}
          handleRef={() => undefined}
        />
      </AppearanceContext.Provider>
    );
    const { rerender } = render(block(appearanceSettings({ terminalFontSize: 15 })));
    const [view] = views;
    expect(view!.term.options.fontSize).toBe(15);
    // The system asks for dark (see letXtermRunInJsdom).
    expect(view!.term.options.theme?.background).toBe('#15171c');

    rerender(
      block(
        appearanceSettings({ terminalFontSize: 20, terminalFontFamily: 'Iosevka', theme: 'light' }),
      ),
    );
    expect(views).toEqual([view]);
    expect(view!.term.options.fontSize).toBe(20);
    expect(view!.term.options.fontFamily).toMatch(/^Iosevka, ui-monospace, /);
    expect(view!.term.options.theme?.background).toBe('#ffffff');
    await waitFor(() => expect(host.paramsOf('openTerminal')).toHaveLength(1));
  });
});

describe('Copy last command output', () => {
  it('says what it copied', async () => {
    const copied: string[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: async (text: string) => void copied.push(text) },
    });
    const host = new FakeHost();
    host.replies.openTerminal = { cwd: '/srv' };
    let handle: BlockHandle | null = null;
    render(
      <TerminalBlock
        blockId={BLOCK_ID}
        spec={{ kind: 'terminal', cwd: '/srv' }}
        api={host.api}
        onSpecChange={() => undefined}
        handleRef={(h) => (handle = h)}
      />,
    );
    await waitFor(() => expect(host.paramsOf('openTerminal')).not.toEqual([]));
    const osc = (body: string) => `\x1b]633;${body}\x07`;
    const shown = `${osc('A')}$ ${osc('B')}ls\r\n${osc('E;ls')}${osc('C')}a\r\nb\r\n${osc('D;0')}`;
    await act(() => new Promise<void>((resolve) => views.at(-1)!.term.write(shown, resolve)));
    act(() => handle!.run('terminal.copyLastOutput'));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Copied the output of “ls” (2 lines)'),
    );
    expect(copied).toHaveLength(1);
  });
});
