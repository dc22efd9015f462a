import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { agents, row, runCommand, runInTerminal, screenshot, terminals } from './support/app-page';
import { composer, expect, test, transcript } from './support/agent-mode';
import { textReply } from '#test/support/fake-anthropic';

// A repository made in the first terminal, which then stands in it, with an ignored `.env` that
// `.worktreeinclude` names and an ignored `debug.log` that it does not.
async function repositoryWithInclude(page: Page, url: string) {
  await page.goto(url);
  const terminal = terminals(page).first();
  await expect(terminal.locator('textarea')).toBeFocused();
  await runInTerminal(
    page,
    'git init -q -b main repo && cd repo && git config user.name Tester && ' +
      'git config user.email tester@example.com && printf ".env\\n*.log\\n" > .gitignore && ' +
      'printf ".env\\n" > .worktreeinclude && echo one > notes.txt && git add . && ' +
      'git commit -q -m first && echo TOKEN=1 > .env && echo noise > debug.log && echo ready',
  );
  await expect(row(terminal, /^ready\s*$/)).toHaveCount(1);
  return terminal;
}

/** Sets the repository's set-up through "Worktree set-up", from the keyboard. */
async function setUp(page: Page, command: string, shot?: string) {
  await runCommand(page, 'Worktree set-up');
  const dialog = page.getByRole('dialog', { name: 'Worktree set-up' });
  const field = dialog.getByRole('textbox', { name: 'Set-up command' });
  await expect(field).toBeFocused();
  await expect(dialog).toContainText(/For each new worktree of \S+[\\/]repo\b/);
  await page.keyboard.type(command);
  await expect(dialog.getByRole('checkbox', { name: 'Start the agent at once' })).not.toBeChecked();
  if (shot) await screenshot(page, shot);
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'New worktrees of' })).toContainText(
    `run “${command}” before their agent starts`,
  );
}

test.describe('Worktree set-up', () => {
  test('a failed set-up is shown in the agent block, which starts only when asked', async ({
    page,
    agentMode,
  }) => {
    agentMode.script(() => textReply('Started after all.'));
    const first = await repositoryWithInclude(page, agentMode.browserMode.url);
    await setUp(page, 'echo installing; exit 3', 'worktree-setup-dialog');
    const saved = await readFile(join(agentMode.browserMode.stateDir, 'settings.json'), 'utf8');
    expect(JSON.parse(saved).worktreeSetup).toEqual([
      { repo: expect.stringMatching(/[\\/]repo$/), command: 'echo installing; exit 3' },
    ]);

    await runCommand(page, 'New agent in worktree');
    await expect(page.getByRole('status').filter({ hasText: 'Copied into' })).toContainText(
      'Copied into the worktree (.worktreeinclude): .env',
    );
    const agent = agents(page);
    const failed = agent.getByRole('alert');
    await expect(failed).toContainText(
      /The worktree set-up failed: echo installing; exit 3 exited with code 3\. The worktree is left at \S+repo\.worktrees[\\/]agent-[a-z0-9]{4} for you/,
    );
    // The set-up ran in a terminal of its own, in the worktree, its output there to read.
    const setupTerminal = terminals(page).nth(1);
    await expect(row(setupTerminal, /^installing\s*$/)).toHaveCount(1);
    await expect(setupTerminal.getByText(/^The shell exited/)).toContainText('exited with code 3');
    await expect(composer(agent)).toHaveCount(0);
    await screenshot(page, 'worktree-setup-failed');

    await failed.getByRole('button', { name: 'Start the agent anyway' }).click();
    await composer(agent).fill('go on');
    await page.keyboard.press('Enter');
    await expect(transcript(agent).getByText('Started after all.')).toBeVisible();

    // The ignored file .worktreeinclude names is there; the one it does not name is not.
    await first.locator('textarea').focus();
    await runInTerminal(
      page,
      'cd ../repo.worktrees/agent-* && echo env=$(cat .env) log=$(ls debug.log 2>/dev/null | wc -l)',
    );
    await expect(row(first, /^env=TOKEN=1 log=0\s*$/)).toHaveCount(1);
  });

  test('the agent waits for a set-up that succeeds, then starts in the worktree', async ({
    page,
    agentMode,
  }) => {
    agentMode.script(() => textReply('Ready to work.'));
    const first = await repositoryWithInclude(page, agentMode.browserMode.url);
    await setUp(page, 'sleep 3 && echo done > installed.txt');

    await runCommand(page, 'New agent in worktree');
    const agent = agents(page);
    await expect(agent.getByRole('status').filter({ hasText: 'Waiting' })).toHaveText(
      'Waiting for the worktree set-up: sleep 3 && echo done > installed.txt',
    );
    await expect(composer(agent)).toHaveCount(0);
    await screenshot(page, 'worktree-setup-waiting');

    // Started once the set-up has succeeded, with its work in the worktree.
    await expect(composer(agent)).toBeVisible({ timeout: 15_000 });
    await expect(
      terminals(page)
        .nth(1)
        .getByText(/^The shell exited/),
    ).toContainText('exited with code 0');
    await composer(agent).fill('start');
    await page.keyboard.press('Enter');
    await expect(transcript(agent).getByText('Ready to work.')).toBeVisible();
    await screenshot(page, 'worktree-setup-started');

    await first.locator('textarea').focus();
    await runInTerminal(page, 'echo setup=$(cat ../repo.worktrees/agent-*/installed.txt)');
    await expect(row(first, /^setup=done\s*$/)).toHaveCount(1);
  });
});
