import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { textReply } from '#test/support/fake-anthropic';
import { syntheticSessionFile, type SyntheticReply } from '#test/support/synthetic-transcript';
import { screenshot } from './support/app-page';
import { ask, expect, openAgent, test, transcript } from './support/agent-mode';

// What the scripted API reports for each reply: the CLI counts the conversation from it.
const usage = { input_tokens: 30_000, output_tokens: 500, cache_read_input_tokens: 20_000 };

async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('Control+Shift+P');
  await page.keyboard.type(title);
  await page.getByRole('option', { name: title, exact: true }).click();
}

test.describe('"Context usage" and "Usage" with the real CLI', () => {
  test('the context meter opens "Context usage": what fills the window, adding up to it', async ({
    page,
    agentMode,
  }) => {
    agentMode.script(() => textReply('Done.', { usage }));
    const agent = await openAgent(page, agentMode.browserMode.url);
    await ask(page, agent, 'hello');
    await expect(transcript(agent).getByText('Done.')).toBeVisible();
    await agent.getByRole('button', { name: /^Context usage, \d+% context$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Context usage' });
    const table = dialog.getByRole('table', { name: 'What fills the context window' });
    await expect(table.getByRole('rowheader', { name: 'Messages' })).toBeVisible();
    const names = await table.locator('tbody').getByRole('rowheader').allTextContents();
    expect(names).toEqual(
      expect.arrayContaining(['System prompt', 'System tools', 'Messages', 'Free space']),
    );
    const numbers = async (cells: string) =>
      (await table.locator(cells).allTextContents()).map((text) =>
        Number(text.replaceAll(',', '')),
      );
    const window = (await numbers('tfoot td:nth-of-type(1)'))[0]!;
    expect((await numbers('tbody td:nth-of-type(1)')).reduce((a, b) => a + b, 0)).toBe(window);
    await expect(dialog).toContainText('50,000 of');
    await screenshot(page, 'context-usage');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    // The palette opens it too, for the focused agent block.
    await agent.getByRole('textbox', { name: 'Message Claude' }).focus();
    await runCommand(page, 'Context usage');
    await expect(dialog.getByRole('rowheader', { name: 'Messages' })).toBeVisible();
  });

  test('"Usage" adds up every session on the machine by day and by project', async ({
    page,
    agentMode,
  }) => {
    // Sessions other CLIs wrote on this machine, over the last days, in two projects.
    const projects = join(agentMode.browserMode.home, '.claude', 'projects');
    const dayAt = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();
    const write = async (project: string, n: number, replies: SyntheticReply[], cost: number) => {
      const id = `${String(n).padStart(8, '0')}-0000-4000-8000-000000000000`;
      const folder = join(projects, project.replaceAll('/', '-'));
      await mkdir(folder, { recursive: true });
      await writeFile(
        join(folder, `${id}.jsonl`),
        syntheticSessionFile(id, project, replies, cost),
      );
    };
    const model = 'claude-opus-5-5';
    for (let day = 1; day <= 12; day++)
      await write(
        '/home/me/api',
        day,
        [{ at: dayAt(day), model, input: 1000 * day, output: 100 * day }],
        0.4 * day,
      );
    await write(
      '/home/me/site',
      20,
      [{ at: dayAt(3), model, input: 5000, output: 700, cacheRead: 90_000 }],
      1.25,
    );

    agentMode.script(() => textReply('Done.', { usage }));
    const agent = await openAgent(page, agentMode.browserMode.url);
    await ask(page, agent, 'hello');
    await expect(transcript(agent).getByText('Done.')).toBeVisible();
    await runCommand(page, 'Usage');
    const dialog = page.getByRole('dialog', { name: 'Usage' });
    const byProject = dialog.getByRole('table', { name: 'Usage by project' });
    const api = byProject.getByRole('row', { name: /^\/home\/me\/api / });
    await expect(api).toContainText('$31.20');
    await expect(api).toContainText('78,000');
    await expect(byProject.getByRole('row', { name: /^\/home\/me\/site / })).toContainText('$1.25');
    // The running agent's session has tokens but no cost until its CLI ends.
    await expect(dialog).toContainText('1 session has tokens but no cost yet');
    const byDay = dialog.getByRole('table', { name: 'Usage by day' });
    await expect(byDay.locator('tbody tr')).toHaveCount(13);
    // An API key has no plan limits: the CLI says so.
    await expect(dialog).toContainText('No plan limits apply');
    await expect(
      dialog.getByRole('img', { name: /^Cost per day/ }).locator('canvas'),
    ).toBeVisible();
    await screenshot(page, 'usage');
  });
});
