// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkspaceState } from '../../../shared/workspace-state';
import { FakeHost } from '../blocks/agent/testing/fake-host';
import { giveTranscriptAViewport } from '../blocks/agent/testing/layout';
import type { TerminalView } from '../blocks/terminal/terminal-view';
import { letXtermRunInJsdom } from '../blocks/terminal/testing/xterm-in-jsdom';
import { Workspace } from './Workspace';

// Each xterm a terminal block makes, to look at from outside: the real one, only recorded.
const views = vi.hoisted(() => [] as TerminalView[]);
vi.mock('../blocks/terminal/terminal-view', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../blocks/terminal/terminal-view')>();
  class RecordedView extends actual.TerminalView {
    constructor(...args: ConstructorParameters<typeof actual.TerminalView>) {
      super(...args);
      views.push(this);
    }
  }
  return { ...actual, TerminalView: RecordedView };
});

const initial: WorkspaceState = {
  version: 1,
  layout: { type: 'block', blockId: 'a' },
  blocks: { a: { kind: 'terminal', cwd: '/work' } },
  focused: 'a',
};

let host: FakeHost;

/** The workspace with one terminal block, focused, its shell open and showing two lines. */
async function mount(isMac: boolean) {
  host = new FakeHost();
  host.replies.getAppInfo = { notifications: { needsYou: true, done: true, error: true } };
  host.replies.openTerminal = (params: { cwd?: string }) => ({
    cwd: params.cwd ?? '/work',
    shell: '/bin/bash',
  });
  render(<Workspace api={host.api} workspaceDir="/work" isMac={isMac} initial={initial} />);
  // The terminal's code loads on first use: the first test's import can take seconds on a
  // loaded machine.
  await waitFor(() => expect(views).toHaveLength(1), { timeout: 15_000 });
  const view = views[0]!;
  await act(() => new Promise<void>((resolve) => view.term.write('first line\r\nsecond', resolve)));
  const keys = document.querySelector<HTMLTextAreaElement>('.xterm-helper-textarea')!;
  expect(document.activeElement).toBe(keys);
  return { view, keys };
}

const pressA = (keys: Element, modifier: 'metaKey' | 'ctrlKey') =>
  fireEvent.keyDown(keys, { key: 'a', code: 'KeyA', keyCode: 65, [modifier]: true });

beforeEach(() => {
  letXtermRunInJsdom();
  views.length = 0;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Select all in a terminal', () => {
  it('macOS: Cmd+A selects all of the terminal’s text, and the shell gets no key', async () => {
    const { view, keys } = await mount(true);
    pressA(keys, 'metaKey');
    expect(view.term.hasSelection()).toBe(true);
    expect(view.term.getSelection().trim()).toBe('first line\nsecond');
    expect(host.paramsOf('writeTerminal')).toEqual([]);
  });

  it.each([
    ['macOS', true],
    ['Windows and Linux', false],
  ])('%s: Ctrl+A still goes to the shell (start of line), selecting nothing', async (_, isMac) => {
    const { view, keys } = await mount(isMac);
    pressA(keys, 'ctrlKey');
    expect(view.term.hasSelection()).toBe(false);
    expect(host.paramsOf('writeTerminal')).toEqual([{ terminalId: 'a', data: '\x01' }]);
  });
});

describe('Focus block header, and closing an idle terminal', () => {
  it('puts the keyboard on the title, where Enter closes nothing', async () => {
    const { keys } = await mount(false);
    fireEvent.keyDown(keys, { key: 'E', code: 'KeyE', keyCode: 69, ctrlKey: true, shiftKey: true });
    const title = document.querySelector<HTMLElement>('[data-block-id="a"] .block-title')!;
    expect(document.activeElement).toBe(title);
    fireEvent.keyDown(title, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.keyUp(title, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(screen.getAllByRole('region', { name: 'Terminal' })).toHaveLength(1);
    expect(host.paramsOf('closeTerminal')).toEqual([]);
  });

  it('Reopen closed block brings the terminal back with the output it showed', async () => {
    await mount(false);
    host.replies.terminalBusy = { busy: false };
    fireEvent.click(screen.getByRole('button', { name: 'Close terminal' }));
    await waitFor(() => expect(screen.queryAllByRole('region', { name: 'Terminal' })).toEqual([]));
    fireEvent.keyDown(window, {
      key: 'T',
      code: 'KeyT',
      keyCode: 84,
      ctrlKey: true,
      shiftKey: true,
    });
    await waitFor(() => expect(views).toHaveLength(2));
    const reopened = views[1]!;
    await act(() => new Promise<void>((resolve) => reopened.term.write('', resolve)));
    const lines = Array.from({ length: reopened.term.buffer.active.length }, (_, row) =>
      reopened.term.buffer.active.getLine(row)?.translateToString(true),
    );
    expect(lines.slice(0, 3)).toEqual(['first line', 'second', '──── Closed; a new shell ────']);
  });
});

describe('closing a terminal whose shell cannot say what runs', () => {
  it('asks first, and says why it cannot tell', async () => {
    await mount(false);
    host.replies.terminalBusy = { busy: true, unknown: true };
    fireEvent.click(screen.getByRole('button', { name: 'Close terminal' }));
    const dialog = await screen.findByRole('dialog', { name: /^Close .*\?$/ });
    expect(dialog.textContent).toContain('cannot tell whether a program runs in it');
    expect(host.paramsOf('closeTerminal')).toEqual([]);
  });
});

describe('a second launch with --cwd DIR', () => {
  it('opens a terminal block in DIR in this window and gives it the keyboard', async () => {
    await mount(false);
    act(() => host.emit('openTerminalIn', { cwd: '/srv/repo' }));
    await waitFor(() =>
      expect(screen.getAllByRole('region', { name: 'Terminal' })).toHaveLength(2),
    );
    const added = document.querySelector<HTMLElement>('.block.focused')!;
    const addedId = added.getAttribute('data-block-id');
    expect(addedId).not.toBe('a');
    expect(added.querySelector('.block-title')?.getAttribute('title')).toBe('/srv/repo');
    await waitFor(() => expect(added.contains(document.activeElement)).toBe(true));
    await waitFor(() =>
      expect(host.paramsOf('openTerminal')).toContainEqual(
        expect.objectContaining({ terminalId: addedId, cwd: '/srv/repo' }),
      ),
    );
  });
});

describe('Run in terminal', () => {
  const osc = (body: string) => `\x1b]633;${body}\x07`;
  const prompt = (cwd: string) => `${osc(`P;Cwd=${cwd}`)}${osc('A')}$ ${osc('B')}`;

  it('skips a terminal whose shell has left the agent’s folder, after a page reload too', async () => {
    giveTranscriptAViewport();
    host = new FakeHost();
    host.replies.getAppInfo = { notifications: { needsYou: true, done: true, error: true } };
    host.replies.openAgent = { cwd: '/work/repo', history: [] };
    // The reloaded page finds the shell running, in /tmp since its last prompt; the screen it
    // gets back shows its way there from the agent's folder.
    host.replies.openTerminal = (params: { terminalId: string; cwd?: string }) =>
      params.terminalId === 't'
        ? {
            cwd: '/tmp',
            shell: '/bin/bash',
            restore: `${prompt('/work/repo')}cd /tmp\r\n${prompt('/tmp')}`,
          }
        : { cwd: params.cwd ?? '/work', shell: '/bin/bash' };
    const state: WorkspaceState = {
      version: 1,
      layout: {
        type: 'split',
        id: 's',
        orientation: 'horizontal',
        children: [
          { type: 'block', blockId: 'ag' },
          { type: 'block', blockId: 't' },
        ],
        sizes: [50, 50],
      },
      blocks: { ag: { kind: 'agent', cwd: '/work/repo' }, t: { kind: 'terminal', cwd: '/tmp' } },
      focused: 'ag',
    };
    render(<Workspace api={host.api} workspaceDir="/work" isMac={false} initial={state} />);
    await waitFor(() => expect(views).toHaveLength(1));
    await waitFor(() =>
      expect(views[0]!.term.buffer.active.getLine(1)?.translateToString()).toMatch(/^\$/),
    );
    act(() =>
      host.emit('agentEvents', {
        agentId: 'ag',
        events: [
          {
            type: 'tool_use',
            id: 'tool-1',
            name: 'Bash',
            input: { command: 'npm test' },
            parent_tool_use_id: null,
          },
        ],
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Run in terminal' }));
    await waitFor(() => expect(views).toHaveLength(2));
    const added = document.querySelector('.block.focused')!.getAttribute('data-block-id');
    expect(added).not.toBe('t');
    expect(host.paramsOf('openTerminal')).toContainEqual(
      expect.objectContaining({ terminalId: added, cwd: '/work/repo' }),
    );
    await act(
      () => new Promise<void>((resolve) => views[1]!.term.write(prompt('/work/repo'), resolve)),
    );
    await waitFor(() =>
      expect(host.paramsOf('writeTerminal')).toContainEqual({
        terminalId: added,
        data: 'npm test',
      }),
    );
    expect(host.paramsOf('writeTerminal')).not.toContainEqual(
      expect.objectContaining({ terminalId: 't' }),
    );
  });
});
