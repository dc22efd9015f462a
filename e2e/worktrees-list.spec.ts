import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agents, row, runCommand, runInTerminal, screenshot } from './support/app-page';
import { composer, expect, test } from './support/agent-mode';
import { textReply } from '#test/support/fake-anthropic';
import type { Locator } from '@playwright/test';

// "Worktrees": the Tether worktrees of the focused block's repository, one made by "New agent in
// worktree" and two made by hand (one with its folder gone), opened, pruned and merged from it.

test('Worktrees lists the repository’s worktrees; open, prune and merge from the keyboard', async ({
  page,
  agentMode,
}) => {
  agentMode.script(() => textReply('Done.'));
  const repo = join(agentMode.browserMode.workspaceDir, 'repo');
  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
  mkdirSync(repo);
  git(repo, 'init', '-q', '-b', 'main');
  git(repo, 'config', 'user.name', 'Tester');
  git(repo, 'config', 'user.email', 'tester@example.com');
  writeFileSync(join(repo, 'notes.txt'), 'one\n');
  git(repo, 'add', '.');
  git(repo, 'commit', '-q', '-m', 'first');
  const byHand = (slug: string) => {
    const path = join(agentMode.browserMode.workspaceDir, `repo.worktrees/${slug}`);
    git(repo, 'worktree', 'add', '-q', '-b', `tether/${slug}`, path);
    return path;
  };
  byHand('agent-free');
  rmSync(byHand('agent-gone'), { recursive: true, force: true });

  /** The arrows to `option`, from the top of the list. */
  const select = async (option: Locator) => {
    await page.keyboard.press('Home');
    for (
      let step = 0;
      step < 3 && (await option.getAttribute('aria-selected')) !== 'true';
      step++
    ) {
      await page.keyboard.press('ArrowDown');
    }
    await expect(option).toHaveAttribute('aria-selected', 'true');
  };

  await page.goto(agentMode.browserMode.url);
  const terminal = page.getByRole('region', { name: 'Terminal' }).first();
  await expect(terminal.locator('textarea')).toBeFocused();
  await runInTerminal(page, 'cd repo && echo in-repo');
  await expect(row(terminal, /^in-repo\s*$/)).toHaveCount(1);
  await runCommand(page, 'New agent in worktree');
  const agent = agents(page);
  const badge = agent.getByRole('group', { name: 'Worktree' });
  await expect(badge).toContainText(/tether\/agent-[a-z0-9]{4}/);
  const branch = /tether\/agent-[a-z0-9]{4}/.exec((await badge.textContent()) ?? '')![0];
  const worktree = join(agentMode.browserMode.workspaceDir, 'repo.worktrees', branch.slice(7));
  writeFileSync(join(worktree, 'parser.ts'), 'export {};\n');
  git(worktree, 'add', '.');
  git(worktree, 'commit', '-q', '-m', 'Add the parser');
  writeFileSync(join(worktree, 'draft.md'), 'draft\n');

  await terminal.locator('textarea').focus();
  await runCommand(page, 'Worktrees');
  const dialog = page.getByRole('dialog', { name: 'Worktrees' });
  const list = dialog.getByRole('listbox', { name: 'Tether worktrees' });
  await expect(list).toBeFocused();
  const options = list.getByRole('option');
  await expect(options).toHaveCount(3);
  const ours = options.filter({ hasText: branch });
  await expect(ours).toContainText('1 ahead, 0 behind main · 1 uncommitted file');
  await expect(ours).toContainText('Agent');
  const free = options.filter({ hasText: 'tether/agent-free' });
  await expect(free).toContainText('no block');
  await expect(free).toContainText("base assumed: the repository's current branch");
  const gone = options.filter({ hasText: 'tether/agent-gone' });
  await expect(gone).toContainText('folder gone');
  await screenshot(page, 'worktrees-list');

  // To the gone one with the arrows; Tab reaches its one action.
  await select(gone);
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Prune' })).toBeFocused();
  await page.keyboard.press('Enter');
  const prune = page.getByRole('dialog', { name: 'Prune tether/agent-gone?' });
  await expect(prune.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await screenshot(page, 'worktrees-list-prune');
  await prune.getByRole('button', { name: 'Prune and delete branch' }).click();
  await expect(dialog.getByRole('status')).toContainText(
    'Pruned the worktree of tether/agent-gone and deleted the branch',
  );
  await expect(options).toHaveCount(2);

  // Enter opens: a new agent block in the worktree no block used.
  await list.focus();
  await select(free);
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(agents(page)).toHaveCount(2);
  const opened = agents(page).filter({ hasText: 'tether/agent-free' });
  await expect(composer(opened)).toBeFocused();

  // Merge from the list: the agent working there ends and its block closes.
  await runCommand(page, 'Worktrees');
  await expect(list).toBeFocused();
  await select(ours);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Merge into main' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status')).toContainText(`Merged ${branch} into main`);
  await expect(options).toHaveCount(1);
  await expect(agents(page)).toHaveCount(1);
  await screenshot(page, 'worktrees-list-merged');
  expect(git(repo, 'log', '--format=%s', 'main')).toContain('Add the parser');
  expect(git(repo, 'show', 'main:draft.md')).toBe('draft');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(composer(agents(page))).toBeVisible();
});
