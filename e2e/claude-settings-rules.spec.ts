import { lastToolResults, textReply, toolUseReply } from '#test/support/fake-anthropic';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { runCommand, screenshot } from './support/app-page';
import { ask, expect, openAgent, test, transcript } from './support/agent-mode';

/** "Claude settings" opened from the palette for the agent block, on the tab named. */
async function openTab(page: Page, name: string): Promise<Locator> {
  await runCommand(page, 'Open Claude settings');
  const dialog = page.getByRole('dialog', { name: 'Claude settings' });
  await dialog.getByRole('tab', { name }).click();
  await expect(dialog.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
  return dialog;
}

test.describe('Claude settings: permission rules, hooks and memory', () => {
  test('"Permission rules": a rule added stops the next prompt; removed, Claude asks again', async ({
    page,
    agentMode,
  }) => {
    agentMode.script(({ body }) =>
      lastToolResults(body).length
        ? textReply('Touched.')
        : toolUseReply({ name: 'Bash', input: { command: 'touch ruled.txt' } }),
    );
    const agent = await openAgent(page, agentMode.browserMode.url);
    const local = join(agentMode.browserMode.workspaceDir, '.claude', 'settings.local.json');

    let dialog = await openTab(page, 'Permission rules');
    const form = dialog.getByRole('form', { name: 'Add a rule' });
    await form.getByRole('textbox', { name: 'Rule' }).fill('WebFetch(example.com)');
    await expect(form.getByRole('alert')).toContainText('WebFetch rules name a domain');
    await form.getByRole('textbox', { name: 'Rule' }).fill('Bash(touch ruled.txt)');
    await form.getByRole('textbox', { name: 'Rule' }).press('Enter');
    await expect(dialog.getByRole('status')).toHaveText(
      'Saved Bash(touch ruled.txt) to Local (.claude/settings.local.json). The running session uses it now.',
      { timeout: 15_000 },
    );
    const allow = dialog.getByRole('region', { name: 'Allow rules' });
    await expect(allow.getByText('Bash(touch ruled.txt)')).toBeVisible();
    expect(JSON.parse(await readFile(local, 'utf8'))).toEqual({
      permissions: { allow: ['Bash(touch ruled.txt)'] },
    });
    await screenshot(page, 'claude-settings-rules');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    await ask(page, agent, 'touch it');
    await expect(transcript(agent).getByText('Touched.')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('dialog', { name: 'Permission request: Bash' })).toHaveCount(0);

    dialog = await openTab(page, 'Permission rules');
    await dialog.getByRole('button', { name: 'Remove Bash(touch ruled.txt)' }).click();
    await expect(dialog.getByRole('status')).toContainText('The running session uses it now.', {
      timeout: 15_000,
    });
    await page.keyboard.press('Escape');
    await ask(page, agent, 'touch it again');
    await expect(page.getByRole('dialog', { name: 'Permission request: Bash' })).toBeVisible({
      timeout: 30_000,
    });
  });

  test('"Hooks": the hooks per event with their file, and "Disable all hooks"', async ({
    page,
    agentMode,
  }) => {
    const userDir = join(agentMode.browserMode.home, '.claude');
    await mkdir(userDir, { recursive: true });
    await writeFile(
      join(userDir, 'settings.json'),
      JSON.stringify({
        hooks: {
          PreToolUse: [
            { matcher: 'Bash', hooks: [{ type: 'command', command: 'scripts/lint.sh' }] },
          ],
          Stop: [{ hooks: [{ type: 'command', command: 'notify-send "Claude is done"' }] }],
        },
      }),
    );
    await openAgent(page, agentMode.browserMode.url);
    const dialog = await openTab(page, 'Hooks');
    const pre = dialog.getByRole('region', { name: 'PreToolUse' });
    await expect(
      pre.getByRole('listitem', { name: 'PreToolUse Bash: scripts/lint.sh' }),
    ).toContainText('User (~/.claude/settings.json)');
    await expect(dialog.getByRole('region', { name: 'Stop' })).toContainText('notify-send');
    const toggle = dialog.getByRole('checkbox', { name: /Disable all hooks/ });
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(toggle).toBeChecked();
    const local = join(agentMode.browserMode.workspaceDir, '.claude', 'settings.local.json');
    expect(JSON.parse(await readFile(local, 'utf8'))).toEqual({ disableAllHooks: true });
    await screenshot(page, 'claude-settings-hooks');
  });

  test('"Memory": the CLAUDE.md files and imports in load order, and "Add to memory"', async ({
    page,
    agentMode,
  }) => {
    agentMode.script(() => textReply('Hello.'));
    const userDir = join(agentMode.browserMode.home, '.claude');
    await mkdir(userDir, { recursive: true });
    await writeFile(join(userDir, 'CLAUDE.md'), 'Be brief.\n@~/.claude/style.md\n');
    await writeFile(join(userDir, 'style.md'), 'Prefer tabs.\n');
    const project = join(agentMode.browserMode.workspaceDir, 'CLAUDE.md');
    await writeFile(project, '# Project\n');
    const agent = await openAgent(page, agentMode.browserMode.url);
    await ask(page, agent, 'hi');
    await expect(transcript(agent).getByText('Hello.')).toBeVisible({ timeout: 30_000 });

    const dialog = await openTab(page, 'Memory');
    const files = dialog.getByRole('list', { name: 'Memory files' }).getByRole('listitem');
    await expect(files).toHaveCount(3);
    await expect(files.nth(0)).toHaveAccessibleName(join(userDir, 'CLAUDE.md'));
    await expect(files.nth(1)).toContainText(`imported by ${join(userDir, 'CLAUDE.md')}`);
    await expect(files.nth(2)).toHaveAccessibleName(project);
    const form = dialog.getByRole('form', { name: 'Add to memory' });
    await form
      .getByRole('combobox', { name: 'File' })
      .selectOption({ label: 'Project (CLAUDE.md)' });
    await form.getByRole('textbox', { name: 'Memory' }).fill('Run the tests before committing.');
    await form.getByRole('button', { name: 'Add to memory' }).click();
    await expect(dialog.getByRole('status')).toHaveText(`Added to ${project}.`);
    expect(await readFile(project, 'utf8')).toBe('# Project\nRun the tests before committing.\n');
    await expect(form.getByRole('textbox', { name: 'Memory' })).toHaveValue('');
    await screenshot(page, 'claude-settings-memory');
  });
});
