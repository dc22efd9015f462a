// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkspaceState } from '../../../../shared/workspace-state';
import { FakeHost } from '../../blocks/agent/testing/fake-host';
import { giveTranscriptAViewport } from '../../blocks/agent/testing/layout';
import { letXtermRunInJsdom } from '../../blocks/terminal/testing/xterm-in-jsdom';
import { Workspace } from '../Workspace';

const initial: WorkspaceState = {
  version: 1,
  layout: {
    type: 'split',
    id: 'split-1',
    orientation: 'horizontal',
    children: [
      { type: 'block', blockId: 'a' },
      { type: 'block', blockId: 'b' },
    ],
    sizes: [50, 50],
  },
  blocks: { a: { kind: 'agent', cwd: '/work' }, b: { kind: 'agent', cwd: '/work' } },
  focused: 'a',
};

let host: FakeHost;

async function settle(ms = 20) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

async function runFromPalette(title: string) {
  fireEvent.keyDown(window, { key: 'P', code: 'KeyP', ctrlKey: true, shiftKey: true });
  await settle();
  fireEvent.click(screen.getByRole('option', { name: new RegExp(title) }));
  await settle();
}

const blockOrder = () =>
  [...document.querySelectorAll('[data-block-id]')].map((b) => b.getAttribute('data-block-id'));

beforeEach(async () => {
  vi.useFakeTimers();
  giveTranscriptAViewport();
  // The split panes register with ResizeObserver, which jsdom lacks.
  letXtermRunInJsdom();
  host = new FakeHost();
  host.replies.listSshHosts = { hosts: [{ host: 'devbox', recent: false }] };
  host.replies.answerSshAsk = { answered: true };
  host.replies.listRemoteFolders = { folders: [] };
  host.replies.openAgent = ({ cwd }: { cwd: string }) => ({ cwd, history: [] });
  host.replies.getAppInfo = { notifications: { needsYou: true, done: true, error: true } };
  render(<Workspace api={host.api} workspaceDir="/work" isMac={false} initial={initial} />);
  await settle();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('a block on another machine, from the palette', () => {
  it('asks for the host, shows ssh’s question above, and opens the block there beside the focused one', async () => {
    let connected!: (reply: { home: string }) => void;
    host.replies.connectSshHost = () => new Promise((resolve) => (connected = resolve));
    await runFromPalette('New agent on host…');

    const connect = screen.getByRole('dialog', { name: 'Connect to host' });
    fireEvent.change(within(connect).getByRole('combobox', { name: 'Host' }), {
      target: { value: 'devbox' },
    });
    fireEvent.change(within(connect).getByRole('combobox', { name: 'Folder' }), {
      target: { value: '/srv/app' },
    });
    fireEvent.click(within(connect).getByRole('button', { name: 'Connect' }));
    await settle();
    expect(within(connect).getByRole('status').textContent).toBe('Connecting to devbox…');

    act(() =>
      host.emit('sshAsk', {
        askId: 'k1',
        host: 'devbox',
        prompt: 'Are you sure you want to continue connecting (yes/no)?',
        kind: 'confirm',
      }),
    );
    const asks = screen.getByRole('dialog', { name: 'SSH asks' });
    // Later in the page at the same layer: drawn over the Connect dialog.
    expect(connect.compareDocumentPosition(asks) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(within(asks).getByRole('button', { name: 'Yes' }));
    expect(host.paramsOf('answerSshAsk')).toEqual([{ askId: 'k1', answer: 'yes' }]);

    await act(async () => connected({ home: '/home/ada' }));
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    const added = blockOrder().find((id) => id !== 'a' && id !== 'b')!;
    expect(blockOrder()).toEqual(['a', added, 'b']);
    const frame = document.querySelector(`[data-block-id="${added}"]`)!;
    expect(frame.querySelector('.block-header')!.textContent).toContain('on devbox');
    expect(frame.querySelector('.block-title')!.textContent).toBe('Agent · app on devbox');
    expect(host.paramsOf('openAgent')).toContainEqual(
      expect.objectContaining({ agentId: added, cwd: '/srv/app', host: 'devbox' }),
    );
  });

  it('opens a new block beside a remote one on its host, in its folder, a worktree too', async () => {
    cleanup();
    const remote: WorkspaceState = {
      ...initial,
      blocks: { ...initial.blocks, a: { kind: 'agent', cwd: '/srv/app', host: 'devbox' } },
    };
    render(<Workspace api={host.api} workspaceDir="/work" isMac={false} initial={remote} />);
    await settle();
    fireEvent.click(
      within(screen.getByRole('toolbar', { name: 'Workspace' })).getByRole('button', {
        name: 'New agent',
      }),
    );
    await settle();
    const added = blockOrder().find((id) => id !== 'a' && id !== 'b')!;
    expect(host.paramsOf('openAgent')).toContainEqual(
      expect.objectContaining({ agentId: added, cwd: '/srv/app', host: 'devbox' }),
    );
    expect(document.querySelector(`[data-block-id="${added}"] .block-on-host`)!.textContent).toBe(
      'on devbox',
    );

    const worktree = {
      repo: '/srv/app',
      path: '/srv/app.worktrees/agent-abcd',
      branch: 'tether/agent-abcd',
      base: 'main',
      baseCommit: 'a'.repeat(40),
      baseIsBranch: true,
      host: 'devbox',
    };
    host.replies.createWorktree = worktree;
    host.replies.worktreeStat = { files: 0, insertions: 0, deletions: 0, untracked: 0, commits: 0 };
    host.replies.prepareWorktree = { copied: [], problem: null, setup: null };
    await runFromPalette('New agent in worktree');
    await settle();
    // Made on the host, in the focused block's repository there, and its agent runs there too.
    expect(host.paramsOf('createWorktree')).toEqual([{ cwd: '/srv/app', host: 'devbox' }]);
    // Its .worktreeinclude files and set-up are the host's too (the worktree names it).
    expect(host.paramsOf('prepareWorktree')).toEqual([{ worktree }]);
    expect(host.paramsOf('openAgent')).toContainEqual(
      expect.objectContaining({ cwd: worktree.path, host: 'devbox' }),
    );
    expect(host.paramsOf('worktreeStat')).toContainEqual({ worktree });
  });

  it('opens New terminal on host… the same way, and Escape leaves without a block', async () => {
    await runFromPalette('New terminal on host…');
    expect(screen.getByRole('dialog', { name: 'Connect to host' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Host' }), { key: 'Escape' });
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Host' }), { key: 'Escape' });
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(blockOrder()).toEqual(['a', 'b']);
    expect(host.paramsOf('connectSshHost')).toEqual([]);
  });
});
