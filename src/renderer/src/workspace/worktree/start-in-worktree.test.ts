import { describe, expect, it, vi } from 'vitest';
import { HostRequestError } from '../../../../shared/host-api';
import type { Worktree } from '../../../../shared/worktree';
import { FakeHost } from '../../blocks/agent/testing/fake-host';
import { startAgentInWorktree } from './start-in-worktree';

const worktree: Worktree = {
  repo: '/src/app',
  path: '/src/app.worktrees/agent-k3f9',
  branch: 'tether/agent-k3f9',
  base: 'main',
  baseCommit: 'a'.repeat(40),
  baseIsBranch: true,
};

/** The workspace's calls, with the ids `add` gives in order. */
function workspace() {
  let next = 0;
  return {
    add: vi.fn((_kind: string, _orientation: string, _from?: object) => `block-${++next}`),
    updateSpec: vi.fn(),
    focus: vi.fn(),
  };
}

async function start(prepared: unknown) {
  const host = new FakeHost();
  host.replies.createWorktree = worktree;
  host.replies.prepareWorktree = prepared;
  const blocks = workspace();
  const notify = vi.fn();
  await startAgentInWorktree(host.api, blocks, '/src/app/lib', undefined, notify);
  return { host, blocks, notify };
}

describe('startAgentInWorktree', () => {
  it('puts the set-up in a terminal below an agent that waits for it', async () => {
    const { host, blocks, notify } = await start({
      copied: ['.env', 'config/local.json'],
      problem: null,
      setup: { command: 'npm ci', startAtOnce: false },
    });
    expect(host.paramsOf('prepareWorktree')).toEqual([{ worktree }]);
    expect(blocks.add.mock.calls).toEqual([
      ['agent', 'horizontal', { cwd: worktree.path, worktree, setup: { command: 'npm ci' } }],
      ['terminal', 'vertical', { cwd: worktree.path, run: 'npm ci' }],
    ]);
    expect(blocks.updateSpec).toHaveBeenCalledWith('block-1', {
      setup: { command: 'npm ci', terminal: 'block-2' },
    });
    // The keyboard stays with the set-up, where Ctrl+C can stop it.
    expect(blocks.focus).not.toHaveBeenCalled();
    expect(notify).toHaveBeenCalledWith(
      'Copied into the worktree (.worktreeinclude): .env, config/local.json',
    );
  });

  it('starts the agent at once beside the set-up where the setting says so', async () => {
    const { blocks } = await start({
      copied: [],
      problem: null,
      setup: { command: 'make', startAtOnce: true },
    });
    expect(blocks.add.mock.calls).toEqual([
      ['agent', 'horizontal', { cwd: worktree.path, worktree }],
      ['terminal', 'vertical', { cwd: worktree.path, run: 'make' }],
    ]);
    expect(blocks.updateSpec).not.toHaveBeenCalled();
    expect(blocks.focus).toHaveBeenCalledWith('block-1', true);
  });

  it('starts the agent all the same when preparing fails, and says what failed', async () => {
    const { blocks, notify } = await start(() => {
      throw new HostRequestError('prepareWorktree: devbox: connection refused');
    });
    expect(blocks.add.mock.calls).toEqual([
      ['agent', 'horizontal', { cwd: worktree.path, worktree }],
    ]);
    expect(notify).toHaveBeenCalledWith(
      `.worktreeinclude: nothing was copied into ${worktree.path}: devbox: connection refused`,
      true,
    );
  });
});
