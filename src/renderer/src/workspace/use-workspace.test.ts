// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ClosedBlock, WorkspaceState } from '../../../shared/workspace-state';
import { CLOSED_BLOCKS_KEPT } from '../../../shared/workspace-state';
import { FakeHost } from '../blocks/agent/testing/fake-host';
import { blockOrder } from './layout';
import { useWorkspace } from './use-workspace';

const initial: WorkspaceState = {
  version: 1,
  layout: {
    type: 'split',
    id: 's1',
    orientation: 'horizontal',
    children: [
      { type: 'block', blockId: 'a' },
      { type: 'block', blockId: 'b' },
    ],
    sizes: [30, 70],
  },
  blocks: {
    a: { kind: 'terminal', cwd: '/w/a' },
    b: { kind: 'agent', cwd: '/w', sessionId: 'session-b' },
  },
  focused: 'b',
};

function setUp(state: WorkspaceState = initial) {
  const forget = vi.fn<(block: ClosedBlock) => void>();
  const hook = renderHook(() => useWorkspace(new FakeHost().api, '/w', state, forget));
  return { hook, forget, current: () => hook.result.current };
}

describe('useWorkspace: closing and reopening', () => {
  it('reopens the last closed block under its id, in its place, with its spec', () => {
    const { current } = setUp();
    act(() => current().close('b'));
    expect(blockOrder(current().state.layout)).toEqual(['a']);
    expect(current().state.closed).toHaveLength(1);
    act(() => void current().reopen());
    expect(current().state.layout).toMatchObject({
      orientation: 'horizontal',
      children: [
        { type: 'block', blockId: 'a' },
        { type: 'block', blockId: 'b' },
      ],
      sizes: [30, 70],
    });
    expect(current().state.blocks['b']).toEqual(initial.blocks['b']);
    expect(current().state.focused).toBe('b');
    expect(current().state.closed).toEqual([]);
  });

  it('has nothing to reopen in a fresh workspace', () => {
    const { current } = setUp();
    let reopened = true;
    act(() => void (reopened = current().reopen()));
    expect(reopened).toBe(false);
  });

  it('forgets a closed block once it drops off the list, and not one that came back', () => {
    const many: WorkspaceState = {
      ...initial,
      closed: Array.from({ length: CLOSED_BLOCKS_KEPT }, (_, n) => ({
        blockId: `old-${n}`,
        spec: { kind: 'agent', cwd: '/w' },
        place: null,
      })),
    };
    const { current, forget } = setUp(many);
    act(() => current().close('a'));
    expect(forget.mock.calls.map(([block]) => block.blockId)).toEqual(['old-0']);
    act(() => void current().reopen());
    expect(forget).toHaveBeenCalledOnce();
  });
});

describe('useWorkspace: worktree blocks', () => {
  const worktree = {
    repo: '/w',
    path: '/w.worktrees/agent-x',
    branch: 'tether/agent-x',
    base: 'main',
    baseCommit: 'abcdef0',
    baseIsBranch: true,
  };

  it('starts a block in the worktree and keeps it in the block’s spec', () => {
    const { current } = setUp();
    act(() => current().add('agent', 'horizontal', { cwd: worktree.path, worktree }));
    const added = current().state.focused!;
    expect(current().state.blocks[added]).toEqual({ kind: 'agent', cwd: worktree.path, worktree });
  });

  it('forgets a block closed for good at once, and does not offer to reopen it', () => {
    const { current, forget } = setUp();
    act(() => current().close('b', false));
    expect(forget).toHaveBeenCalledWith({ blockId: 'b', spec: initial.blocks['b'], place: null });
    expect(current().state.blocks['b']).toBeUndefined();
    let reopened = true;
    act(() => void (reopened = current().reopen()));
    expect(reopened).toBe(false);
  });
});

describe('useWorkspace: maximize', () => {
  it('zooms to the focused block, follows the focus, and comes back', () => {
    const { current } = setUp();
    expect(current().maximized).toBeNull();
    act(() => current().toggleMaximize());
    expect(current().maximized).toBe('b');
    act(() => current().focus('a', true));
    expect(current().maximized).toBe('a');
    act(() => current().toggleMaximize());
    expect(current().maximized).toBeNull();
  });
});

describe('useWorkspace: where a new block opens', () => {
  const remote: WorkspaceState = {
    ...initial,
    blocks: { ...initial.blocks, b: { kind: 'terminal', cwd: '/home/ada/src', host: 'devbox' } },
  };

  it('beside a block on another machine: on that host, in its folder, of either kind', () => {
    const { current } = setUp(remote);
    act(() => void current().add('agent', 'horizontal'));
    expect(current().state.blocks[current().state.focused!]).toEqual({
      kind: 'agent',
      cwd: '/home/ada/src',
      host: 'devbox',
    });
    act(() => void current().add('terminal', 'vertical'));
    expect(current().state.blocks[current().state.focused!]).toEqual({
      kind: 'terminal',
      cwd: '/home/ada/src',
      host: 'devbox',
    });
  });

  it('where it is told, on the host it is told, else locally', () => {
    const { current } = setUp(remote);
    act(() => void current().add('terminal', 'horizontal', { cwd: '/srv', host: 'build' }));
    expect(current().state.blocks[current().state.focused!]).toEqual({
      kind: 'terminal',
      cwd: '/srv',
      host: 'build',
    });
    act(() => void current().add('agent', 'horizontal', { cwd: '/w/lib' }));
    expect(current().state.blocks[current().state.focused!]).toEqual({
      kind: 'agent',
      cwd: '/w/lib',
    });
  });

  it('beside a local block: an agent in the workspace folder, a terminal where the shell is', () => {
    const { current } = setUp({ ...initial, focused: 'a' });
    act(() => void current().add('agent', 'horizontal'));
    expect(current().state.blocks[current().state.focused!]).toEqual({ kind: 'agent', cwd: '/w' });
    act(() => current().focus('a', false));
    act(() => void current().add('terminal', 'horizontal'));
    expect(current().state.blocks[current().state.focused!]).toEqual({
      kind: 'terminal',
      cwd: '/w/a',
    });
  });
});
