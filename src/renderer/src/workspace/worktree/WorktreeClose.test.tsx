// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HostRequestError, type HostApi } from '../../../../shared/host-api';
import type { Worktree, WorktreeLeftovers } from '../../../../shared/worktree';
import { WorktreeClose } from './WorktreeClose';

afterEach(cleanup);

const worktree: Worktree = {
  repo: '/src/app',
  path: '/src/app.worktrees/agent-k3f9',
  branch: 'tether/agent-k3f9',
  base: 'main',
  baseCommit: '0123456789abcdef0123456789abcdef01234567',
  baseIsBranch: true,
};

const leftovers: WorktreeLeftovers = {
  unmergedCommits: [{ sha: 'abc1234', subject: 'Add the parser' }],
  unmergedTotal: 1,
  uncommittedFiles: ['src/parser.ts', 'notes.md'],
  uncommittedTotal: 2,
};

function open(api: Partial<HostApi>, overrides: Partial<Worktree> = {}, running = false) {
  const handlers = { onKeep: vi.fn(), onGone: vi.fn(), onCancel: vi.fn() };
  render(
    <WorktreeClose
      api={api as HostApi}
      blockId="block-1"
      title="Agent"
      worktree={{ ...worktree, ...overrides }}
      running={running}
      digest={() => ({ title: 'Fix the parser', turns: ['Fixed the off-by-one.'] })}
      {...handlers}
    />,
  );
  return { ...handlers, user: userEvent.setup() };
}

describe('WorktreeClose', () => {
  it('asks what becomes of the worktree, starting on Cancel; Keep closes the block', async () => {
    const { onKeep, onCancel, user } = open({}, {}, true);
    const dialog = screen.getByRole('dialog', { name: 'Close Agent?' });
    expect(dialog.textContent).toContain('still running');
    expect(dialog.textContent).toContain('tether/agent-k3f9');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Enter}');
    expect(onCancel).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Keep' }));
    expect(onKeep).toHaveBeenCalledOnce();
  });

  it('merges into the base after stopping the agent, and says what it did', async () => {
    const mergeWorktree = vi.fn(async () => ({ into: 'main', commit: '9f8e7d6' }));
    const { onGone, user } = open({ mergeWorktree });
    await user.click(screen.getByRole('button', { name: 'Merge into main' }));
    expect(mergeWorktree).toHaveBeenCalledWith({ worktree, agentId: 'block-1' });
    expect(onGone).toHaveBeenCalledWith(
      expect.stringContaining('Merged tether/agent-k3f9 into main'),
    );
  });

  it('shows why a merge was refused and stays open for another choice', async () => {
    const mergeWorktree = vi.fn(async () => {
      throw new HostRequestError('mergeWorktree: merging stopped on conflicts in a.txt');
    });
    const { onGone, user } = open({ mergeWorktree });
    await user.click(screen.getByRole('button', { name: 'Merge into main' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'merging stopped on conflicts in a.txt',
    );
    expect(onGone).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Discard' })).toBeTruthy();
  });

  it('lists unmerged commits and uncommitted files before it discards', async () => {
    const discardWorktree = vi.fn(async () => null);
    const { onGone, user } = open({ worktreeLeftovers: async () => leftovers, discardWorktree });
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    const confirm = await screen.findByRole('dialog', { name: 'Discard tether/agent-k3f9?' });
    const commits = within(confirm).getByRole('list', { name: 'Unmerged commits' });
    expect(commits.textContent).toContain('abc1234 Add the parser');
    const files = within(confirm).getByRole('list', { name: 'Uncommitted files' });
    expect(
      within(files)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['src/parser.ts', 'notes.md']);
    // Cancel has the focus here too: Enter would not discard.
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(discardWorktree).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Discard' }));
    expect(discardWorktree).toHaveBeenCalledWith({ worktree, agentId: 'block-1' });
    expect(onGone).toHaveBeenCalledWith('Discarded tether/agent-k3f9 and its worktree');
  });

  it('says when nothing would be lost', async () => {
    const empty = { ...leftovers, unmergedCommits: [], unmergedTotal: 0, uncommittedFiles: [] };
    const { user } = open({ worktreeLeftovers: async () => ({ ...empty, uncommittedTotal: 0 }) });
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect((await screen.findByRole('dialog', { name: /^Discard/ })).textContent).toContain(
      'Nothing would be lost',
    );
  });

  it('commits from the close dialog, with the message proposed, then asks again', async () => {
    const commitWorktree = vi.fn(async () => ({ commit: 'abc1234', files: ['src/parser.ts'] }));
    const { onGone, user } = open({ worktreeLeftovers: async () => leftovers, commitWorktree });
    await user.click(screen.getByRole('button', { name: 'Commit' }));
    const commit = await screen.findByRole('dialog', { name: 'Commit to tether/agent-k3f9' });
    const message = within(commit).getByRole('textbox', { name: 'Commit message' });
    expect((message as HTMLTextAreaElement).value).toBe(
      'Fix the parser\n\n- Fixed the off-by-one.\n',
    );
    const files = await within(commit).findByRole('list', { name: 'Files to commit' });
    expect(files.textContent).toBe('src/parser.tsnotes.md');
    await user.type(message, 'More.');
    await user.click(within(commit).getByRole('button', { name: 'Commit' }));
    expect(commitWorktree).toHaveBeenCalledWith({
      worktree,
      message: 'Fix the parser\n\n- Fixed the off-by-one.\nMore.',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Close Agent?' });
    expect(within(dialog).getByRole('status').textContent).toBe(
      'Committed 1 file to tether/agent-k3f9 (abc1234)',
    );
    expect(onGone).not.toHaveBeenCalled();
  });

  it('offers no merge for a worktree made from a detached HEAD, and says why', () => {
    open({}, { base: '0123456789ab', baseIsBranch: false });
    const merge = screen.getByRole('button', { name: 'Merge into 0123456789ab' });
    expect((merge as HTMLButtonElement).disabled).toBe(true);
    expect(merge.title).toContain('detached HEAD');
  });
});
