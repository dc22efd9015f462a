// @vitest-environment jsdom
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsHost, type SettingsHost } from '#test/support/settings-host';
import type { BlockSpec } from '../../../../shared/workspace-state';
import type { HostApi } from '../../../../shared/host-api';
import type { Worktree } from '../../../../shared/worktree';
import { WorktreesDialog, type RepositoryPlace } from './WorktreesDialog';

// The dialog on a real host, over real git in a throwaway repository.

let dir: string;
let repo: string;
let running: SettingsHost;

const run = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
const commit = (cwd: string, file: string) => {
  writeFileSync(join(cwd, file), `${file}\n`);
  run(cwd, 'add', file);
  run(cwd, 'commit', '-q', '-m', `Add ${file}`);
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tether-worktrees-dialog-'));
  repo = join(dir, 'project');
  mkdirSync(repo);
  run(repo, 'init', '-q', '-b', 'main');
  run(repo, 'config', 'user.name', 'Tester');
  run(repo, 'config', 'user.email', 'tester@example.com');
  commit(repo, 'notes.txt');
  running = settingsHost(dir);
});

afterEach(async () => {
  cleanup();
  await running.dispose();
  rmSync(dir, { recursive: true, force: true });
});

/** The dialog on the repository (or `place`) with `blocks` open, asking `api` (the host's). */
function open(
  blocks: Record<string, BlockSpec> = {},
  {
    api = running.api,
    place = { cwd: repo },
  }: { api?: HostApi; place?: RepositoryPlace | null } = {},
) {
  const handlers = { onOpen: vi.fn(), onBlockGone: vi.fn(), onClose: vi.fn() };
  render(
    <WorktreesDialog
      api={api}
      place={place}
      blocks={blocks}
      titleOf={(blockId) => `Agent ${blockId}`}
      {...handlers}
    />,
  );
  return { ...handlers, user: userEvent.setup() };
}

const options = () =>
  screen.getAllByRole('option').map((option) => option.textContent?.replace(/\s+/g, ' '));

describe('Worktrees', () => {
  it('lists each worktree, moves with the arrows, opens with Enter and prunes a gone one', async () => {
    // Listed by branch, and the branches' names are random: the first one listed gets the work.
    const made = [
      await running.api.createWorktree({ cwd: repo }),
      await running.api.createWorktree({ cwd: repo }),
    ].sort((a, b) => (a.branch < b.branch ? -1 : 1));
    const [busy, lost] = made as [Worktree, Worktree];
    commit(busy.path, 'parser.ts');
    writeFileSync(join(busy.path, 'draft.md'), 'draft\n');
    rmSync(lost.path, { recursive: true, force: true });
    const agent: BlockSpec = { kind: 'agent', cwd: busy.path, worktree: busy };
    const { onOpen, user } = open({ one: agent });

    const list = await screen.findByRole('listbox', { name: 'Tether worktrees' });
    expect(options()).toEqual([
      `⎇ ${busy.branch}Agent one1 ahead, 0 behind main · 1 uncommitted file`,
      `⎇ ${lost.branch}no blockeven with main · folder gone`,
    ]);
    expect(document.activeElement).toBe(list);
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith(busy, 'one');

    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[1]!.getAttribute('aria-selected')).toBe('true');
    const actions = screen.getByRole('group', { name: `Actions for ${lost.branch}` });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Prune']);
    await user.tab();
    expect(document.activeElement).toBe(within(actions).getByRole('button', { name: 'Prune' }));
    await user.keyboard('{Enter}');
    const confirm = await screen.findByRole('dialog', { name: `Prune ${lost.branch}?` });
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' }));
    await user.click(within(confirm).getByRole('button', { name: 'Prune' }));

    expect((await screen.findByText(/^Pruned the worktree/)).textContent).toBe(
      `Pruned the worktree of ${lost.branch}; the branch stays`,
    );
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    expect(run(repo, 'branch', '--list', lost.branch)).toContain(lost.branch);
  });

  it('discards after the same look as the close dialog, closing the block that used it', async () => {
    const busy = await running.api.createWorktree({ cwd: repo });
    writeFileSync(join(busy.path, 'draft.md'), 'draft\n');
    const { onBlockGone, user } = open({
      one: { kind: 'agent', cwd: busy.path, worktree: busy },
    });
    await screen.findByRole('listbox', { name: 'Tether worktrees' });
    expect(screen.getByText(/Merging or discarding ends Agent one/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    const confirm = await screen.findByRole('dialog', { name: `Discard ${busy.branch}?` });
    expect(within(confirm).getByRole('list', { name: 'Uncommitted files' }).textContent).toBe(
      'draft.md',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText(`Discarded ${busy.branch} and its worktree`)).toBeTruthy();
    expect(onBlockGone).toHaveBeenCalledWith('one');
    expect(await screen.findByText(/No Tether worktrees here/)).toBeTruthy();
    expect(run(repo, 'branch', '--list', 'tether/*')).toBe('');
  });

  it('merges a worktree no block holds into the current branch, saying it assumed that base', async () => {
    // Made without its base recorded, as an older Tether made them.
    run(repo, 'worktree', 'add', '-q', '-b', 'tether/agent-old1', join(dir, 'old1'));
    commit(join(dir, 'old1'), 'feature.ts');
    const { onBlockGone, user } = open();
    await screen.findByRole('listbox', { name: 'Tether worktrees' });
    expect(options()[0]).toContain(
      "1 ahead, 0 behind main (base assumed: the repository's current branch) · nothing uncommitted",
    );
    await user.click(screen.getByRole('button', { name: 'Merge into main' }));
    expect(await screen.findByText(/^Merged tether\/agent-old1 into main/)).toBeTruthy();
    expect(onBlockGone).not.toHaveBeenCalled();
    expect(run(repo, 'log', '--format=%s', '-1', 'main')).toBe('Add feature.ts');
  });

  it('shows the pull request of a worktree that has one', async () => {
    await running.api.createWorktree({ cwd: repo });
    // The host does not look pull requests up itself yet: this one is added to its answer.
    const pullRequest = {
      number: 12,
      url: 'https://github.com/o/r/pull/12',
      title: 'Add the parser',
      state: 'open' as const,
      checks: 'passing' as const,
    };
    const api: HostApi = {
      ...running.api,
      listWorktrees: async (params: Parameters<typeof running.api.listWorktrees>[0]) => {
        const list = await running.api.listWorktrees(params);
        return { ...list, worktrees: list.worktrees.map((row) => ({ ...row, pullRequest })) };
      },
    };
    open({}, { api });
    await screen.findByRole('listbox', { name: 'Tether worktrees' });
    expect(options()[0]).toContain('· PR #12 open · checks passed');
  });

  it('says why when the folder is in no repository, and when no block is open', async () => {
    const plain = join(dir, 'plain');
    mkdirSync(plain);
    open({}, { place: { cwd: plain } });
    expect((await screen.findByRole('alert')).textContent).toContain('is not in a git repository');
    cleanup();
    open({}, { place: null });
    expect(screen.getByRole('dialog', { name: 'Worktrees' }).textContent).toContain(
      'No block is open',
    );
  });
});
