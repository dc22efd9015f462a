// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentEvent } from '../../../shared/agent-event';
import type { WorkspaceState } from '../../../shared/workspace-state';
import { FakeHost } from '../blocks/agent/testing/fake-host';
import { giveTranscriptAViewport } from '../blocks/agent/testing/layout';
import { Workspace } from './Workspace';

const initial: WorkspaceState = {
  version: 1,
  layout: {
    type: 'split',
    id: 'split-1',
    orientation: 'horizontal',
    children: [
      { type: 'block', blockId: 'a' },
      { type: 'block', blockId: 'b' },
      { type: 'block', blockId: 'c' },
    ],
    sizes: [33, 33, 34],
  },
  blocks: {
    a: { kind: 'agent', cwd: '/work' },
    b: { kind: 'agent', cwd: '/work' },
    c: { kind: 'agent', cwd: '/work' },
  },
  focused: 'a',
};

const permission = (id: string): AgentEvent => ({
  type: 'permission_request',
  request_id: id,
  tool_name: 'Bash',
  input: { command: 'rm -rf build' },
  tool_use_id: `tool-${id}`,
});

const usage = {
  input_tokens: 10,
  output_tokens: 5,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
};

let host: FakeHost;
// What the settings file says about notifications, as getAppInfo answers.
let notifications = { needsYou: true, done: true, error: true };
let shown: { title: string; body: string; click(): void }[];

async function settle(ms = 20) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

async function push(agentId: string, ...events: AgentEvent[]) {
  act(() => host.emit('agentEvents', { agentId, events }));
  await settle();
}

async function lifecycle(agentId: string, state: 'idle' | 'busy') {
  act(() => host.emit('agentState', { agentId, state: { state } }));
  await settle();
}

/** A turn from prompt to answer in `agentId`, as the host reports it. */
async function finishTurn(agentId: string, answer: string) {
  await lifecycle(agentId, 'busy');
  await push(agentId, { type: 'user_message', text: 'run the tests' });
  await push(
    agentId,
    { type: 'assistant_text', text: answer, parent_tool_use_id: null },
    { type: 'cost', cost_usd: 0.25, usage },
    { type: 'done', response: answer },
  );
  await lifecycle(agentId, 'idle');
}

const block = (blockId: string) =>
  document.querySelector<HTMLElement>(`[data-block-id="${blockId}"]`)!;
const stateOf = (blockId: string) =>
  within(block(blockId)).getByRole('status', { name: 'Block state' }).textContent;
const topBar = () => screen.getByRole('status', { name: 'Blocks that need you' }).textContent;
const focused = () => document.querySelector('.block.focused')?.getAttribute('data-block-id');
async function runFromPalette(title: RegExp) {
  fireEvent.keyDown(window, { key: 'P', code: 'KeyP', ctrlKey: true, shiftKey: true });
  await settle();
  fireEvent.click(screen.getByRole('option', { name: title }));
  await settle();
}
const goToNext = () =>
  fireEvent.keyDown(window, { key: 'L', code: 'KeyL', ctrlKey: true, shiftKey: true });

beforeEach(async () => {
  vi.useFakeTimers();
  giveTranscriptAViewport();
  // jsdom has no ResizeObserver, which the split panes register with; nothing resizes here.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  shown = [];
  class FakeNotification {
    static permission = 'granted';
    static requestPermission = async () => 'granted';
    onclick: (() => void) | null = null;
    constructor(title: string, options: { body: string }) {
      shown.push({ title, body: options.body, click: () => this.onclick?.() });
    }
    close() {}
  }
  vi.stubGlobal('Notification', FakeNotification);
  vi.spyOn(document, 'hasFocus').mockReturnValue(true);
  host = new FakeHost();
  host.replies.getAppInfo = { notifications };
  render(<Workspace api={host.api} workspaceDir="/work" isMac={false} initial={initial} />);
  await settle();
  for (const agentId of ['a', 'b', 'c']) await lifecycle(agentId, 'idle');
});

afterEach(() => {
  notifications = { needsYou: true, done: true, error: true };
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('block state in the workspace', () => {
  it('shows each block’s state in its header and frame, and counts the blocks that need you', async () => {
    expect(['a', 'b', 'c'].map(stateOf)).toEqual(['Idle', 'Idle', 'Idle']);
    expect(topBar()).toBe('Needs you: 0');
    expect(document.title).toBe('Tether');

    await lifecycle('b', 'busy');
    await push('b', { type: 'user_message', text: 'clean up' });
    expect(stateOf('b')).toBe('Working');
    expect(block('b').className).toContain('state-working');
    await settle(3000);
    // How long the turn has run, ticking.
    expect(within(block('b')).getByText(/^0:0[3-4]$/)).toBeTruthy();

    await push('b', permission('r1'));
    expect(stateOf('b')).toBe('Needs you');
    expect(within(block('b')).getByTitle('Permission for Bash: rm -rf build')).toBeTruthy();
    expect(block('b').className).toContain('state-needs-you');
    expect(topBar()).toBe('Needs you: 1');
    expect(document.title).toBe('Tether (1)');

    await push('b', { type: 'permission_cancelled', request_id: 'r1' });
    expect(stateOf('b')).toBe('Working');
    expect(topBar()).toBe('Needs you: 0');
    expect(document.title).toBe('Tether');
  });

  it('shows Done for a turn that ended in an unfocused block until it is focused', async () => {
    await finishTurn('b', 'All 12 tests pass.\nDetails follow.');
    expect(stateOf('b')).toBe('Done');
    expect(block('b').className).toContain('state-done');
    fireEvent.mouseDown(block('b'));
    await settle();
    expect(stateOf('b')).toBe('Idle');
  });

  it('does not call a turn the user watched in the focused block Done', async () => {
    await finishTurn('a', 'Fine.');
    expect(stateOf('a')).toBe('Idle');
  });

  it('goes to blocks that need you first, then finished ones, and marks them seen', async () => {
    await finishTurn('b', 'Done with b.');
    await lifecycle('c', 'busy');
    await push('c', { type: 'user_message', text: 'clean up' }, permission('r1'));

    goToNext();
    await settle();
    expect(focused()).toBe('c');
    goToNext();
    await settle();
    expect(focused()).toBe('b');
    expect(stateOf('b')).toBe('Idle');
    goToNext();
    await settle();
    expect(focused()).toBe('c');
    expect(stateOf('c')).toBe('Needs you');
  });

  it('is a palette entry named “Go to next block that needs you”', async () => {
    await lifecycle('c', 'busy');
    await push('c', { type: 'user_message', text: 'clean up' }, permission('r1'));
    fireEvent.keyDown(window, { key: 'P', code: 'KeyP', ctrlKey: true, shiftKey: true });
    await settle();
    fireEvent.click(screen.getByRole('option', { name: /Go to next block that needs you/ }));
    await settle();
    expect(focused()).toBe('c');
  });

  it('shows a failure as an alert and anything else as a plain status line', async () => {
    const rescan = () => runFromPalette(/Rescan session library/);
    host.replies.rescanLibrary = () => Promise.reject(new Error('the disk is gone'));
    await rescan();
    const failed = screen.getByRole('alert');
    expect(failed.textContent).toMatch(/^Cannot rescan the session library/);
    expect(failed.classList.contains('banner-info')).toBe(false);
    host.replies.rescanLibrary = {};
    await rescan();
    expect(screen.queryByRole('alert')).toBeNull();
    const done = screen.getByText(/The session library is up to date/);
    expect(done.getAttribute('role')).toBe('status');
    expect(done.classList.contains('banner-info')).toBe(true);
  });

  it('says in the header of a maximized block that it is, and its button shows the others again', async () => {
    const maximized = () =>
      within(block('a')).queryByRole('button', { name: 'Maximized', pressed: true });
    expect(maximized()).toBeNull();
    await runFromPalette(/Toggle maximize block/);
    expect(document.querySelectorAll('.workspace [data-block-id]')).toHaveLength(1);
    fireEvent.click(maximized()!);
    await settle();
    expect(maximized()).toBeNull();
    expect(document.querySelectorAll('.workspace [data-block-id]')).toHaveLength(3);
  });

  it('notifies what happened in blocks the user is not looking at; a click focuses the block', async () => {
    await lifecycle('b', 'busy');
    await push('b', { type: 'user_message', text: 'clean up' }, permission('r1'));
    await push('b', { type: 'permission_cancelled', request_id: 'r1' });
    await push(
      'b',
      { type: 'assistant_text', text: 'Removed the build folder.', parent_tool_use_id: null },
      { type: 'cost', cost_usd: 0.25, usage },
      { type: 'done', response: 'Removed the build folder.' },
    );
    await lifecycle('b', 'idle');
    await finishTurn('a', 'Watched.');
    expect(shown.map(({ title, body }) => `${title} / ${body}`)).toEqual([
      'Agent needs you / Permission for Bash: rm -rf build',
      'Agent done / Removed the build folder. · $0.2500',
    ]);
    act(() => shown[1]!.click());
    await settle();
    expect(focused()).toBe('b');
  });

  describe('with done notifications turned off in the settings', () => {
    beforeAll(() => {
      notifications = { needsYou: true, done: false, error: true };
    });

    it('still notifies a block that needs you, but not a finished turn', async () => {
      await finishTurn('b', 'Quietly done.');
      await lifecycle('c', 'busy');
      await push('c', { type: 'user_message', text: 'clean up' }, permission('r1'));
      expect(shown.map(({ title }) => title)).toEqual(['Agent needs you']);
    });
  });
});

describe('the separators between blocks', () => {
  it('are named for what moving them resizes', () => {
    expect(
      screen.getAllByRole('separator', { name: 'Resize the blocks to the left and right' }),
    ).toHaveLength(2);
  });
});

describe('a fork', () => {
  it('is titled after the block it came from, not by its kind and folder', async () => {
    cleanup();
    const titled: WorkspaceState = {
      ...initial,
      blocks: { ...initial.blocks, a: { kind: 'agent', cwd: '/work', title: 'fix the tests' } },
    };
    render(<Workspace api={host.api} workspaceDir="/work" isMac={false} initial={titled} />);
    await settle();
    await lifecycle('a', 'idle');
    await push(
      'a',
      {
        type: 'session_started',
        session_id: 'session-1',
        model: 'claude-test',
        cwd: '/work',
        permission_mode: 'default',
        tools: [],
        slash_commands: [],
      },
      { type: 'user_message', text: 'run the tests', uuid: 'prompt-1' },
    );
    fireEvent.click(within(block('a')).getByRole('button', { name: 'Fork from here' }));
    await settle();
    const titles = [...document.querySelectorAll('.block-title')].map((title) => title.textContent);
    expect(titles).toContain('fix the tests (fork)');
    expect(titles.filter((title) => title?.startsWith('Agent'))).toHaveLength(2);
  });
});
