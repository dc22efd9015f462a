import { agents, row, runCommand, runInTerminal, screenshot } from './support/app-page';
import { composer, expect, test, transcript } from './support/agent-mode';
import { textReply } from '#test/support/fake-anthropic';
import type { Page } from '@playwright/test';

// A repository made in the first terminal, which then stands in it: "New agent in worktree"
// starts from the focused block's folder.
async function repositoryInTerminal(page: Page, url: string) {
  await page.goto(url);
  const terminal = page.getByRole('region', { name: 'Terminal' }).first();
  await expect(terminal.locator('textarea')).toBeFocused();
  await runInTerminal(
    page,
    'git init -q -b main repo && cd repo && git config user.name Tester && ' +
      'git config user.email tester@example.com && echo one > notes.txt && git add . && ' +
      'git commit -q -m first && echo ready',
  );
  await expect(row(terminal, /^ready\s*$/)).toHaveCount(1);
  return terminal;
}

test.describe('New agent in worktree', () => {
  test('says why outside a git repository', async ({ page, agentMode }) => {
    await page.goto(agentMode.browserMode.url);
    await expect(page.getByRole('region', { name: 'Terminal' }).locator('textarea')).toBeFocused();
    await runCommand(page, 'New agent in worktree');
    await expect(page.getByRole('alert').filter({ hasText: 'Cannot start' })).toContainText(
      'is not in a git repository',
    );
    await expect(agents(page)).toHaveCount(0);
  });

  test('runs the agent in a new worktree and branch; Discard removes both', async ({
    page,
    agentMode,
  }) => {
    // The model answers from what the CLI tells it about its working directory.
    agentMode.script(({ body }) =>
      textReply(
        /repo\.worktrees[\\/]+agent-[a-z0-9]{4}/.test(JSON.stringify(body))
          ? 'I work in the worktree.'
          : 'I work somewhere else.',
      ),
    );
    const terminal = await repositoryInTerminal(page, agentMode.browserMode.url);
    await runCommand(page, 'New agent in worktree');
    const agent = agents(page);
    await expect(composer(agent)).toBeFocused();
    const badge = agent.getByRole('group', { name: 'Worktree' });
    await expect(badge).toContainText(/tether\/agent-[a-z0-9]{4}/);
    await expect(badge).toContainText('no changes');
    const branch = /tether\/agent-[a-z0-9]{4}/.exec((await badge.textContent()) ?? '')![0];

    await composer(agent).fill('where do you work?');
    await page.keyboard.press('Enter');
    await expect(transcript(agent).getByText('I work in the worktree.')).toBeVisible();

    // Work lands in the worktree (here from the shell): the header counts it.
    await terminal.locator('textarea').focus();
    await runInTerminal(page, `printf 'a\\nb\\n' > ../repo.worktrees/${branch.slice(7)}/new.txt`);
    await expect(badge).toContainText('1 file · 1 new');
    await screenshot(page, 'worktree-agent-header');

    await agent.getByRole('button', { name: /^Close/ }).click();
    const close = page.getByRole('dialog', { name: /^Close .+\?$/ });
    await expect(close).toContainText(branch);
    await expect(close.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expect(close.getByRole('button', { name: 'Keep' })).toBeVisible();
    await expect(close.getByRole('button', { name: 'Merge into main' })).toBeVisible();
    await screenshot(page, 'worktree-close');
    await close.getByRole('button', { name: 'Discard' }).click();

    const discard = page.getByRole('dialog', { name: `Discard ${branch}?` });
    await expect(discard.getByRole('list', { name: 'Uncommitted files' })).toContainText('new.txt');
    await expect(discard.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await screenshot(page, 'worktree-discard-confirm');
    await discard.getByRole('button', { name: 'Discard' }).click();
    await expect(agents(page)).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Discarded' })).toContainText(branch);

    await terminal.locator('textarea').focus();
    await runInTerminal(
      page,
      "echo branches=$(git branch --list 'tether/*' | wc -l) trees=$(ls ../repo.worktrees | wc -l)",
    );
    await expect(row(terminal, /^branches=0 trees=0\s*$/)).toHaveCount(1);
  });

  test('Merge into main brings the agent’s work into the base and cleans up', async ({
    page,
    agentMode,
  }) => {
    agentMode.script(() => textReply('Done.'));
    const terminal = await repositoryInTerminal(page, agentMode.browserMode.url);
    await runCommand(page, 'New agent in worktree');
    const agent = agents(page);
    const badge = agent.getByRole('group', { name: 'Worktree' });
    await expect(badge).toContainText(/tether\/agent-[a-z0-9]{4}/);
    const branch = /tether\/agent-[a-z0-9]{4}/.exec((await badge.textContent()) ?? '')![0];
    await terminal.locator('textarea').focus();
    await runInTerminal(page, `echo two >> ../repo.worktrees/${branch.slice(7)}/notes.txt`);
    await expect(badge).toContainText('+1 −0');

    await agent.getByRole('button', { name: /^Close/ }).click();
    await page.getByRole('button', { name: 'Merge into main' }).click();
    await expect(agents(page)).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Merged' })).toContainText(
      `Merged ${branch} into main`,
    );
    await terminal.locator('textarea').focus();
    await runInTerminal(
      page,
      "echo merged=$(tr '\\n' , < notes.txt) branches=$(git branch | wc -l)",
    );
    await expect(row(terminal, /^merged=one,two, branches=1\s*$/)).toHaveCount(1);
  });
});
