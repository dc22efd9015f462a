import { readFile } from 'node:fs/promises';
import { textReply } from '#test/support/fake-anthropic';
import { runCommand } from './support/app-page';
import { ask, composer, expect, openAgent, test, transcript } from './support/agent-mode';

test('a reply copies as Markdown, and the transcript exports to a Markdown file', async ({
  page,
  context,
  agentMode,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(agentMode.browserMode.url).origin,
  });
  agentMode.script(() => textReply('The **answer** is `42`.'));
  const agent = await openAgent(page, agentMode.browserMode.url);
  await ask(page, agent, 'what is the answer');
  const reply = transcript(agent).locator('.agent-assistant');
  await expect(reply).toContainText('The answer is 42.');

  await reply.hover();
  await transcript(agent).getByRole('button', { name: 'Copy as Markdown' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('The **answer** is `42`.');

  await composer(agent).focus();
  await runCommand(page, 'Export transcript');
  const dialog = page.getByRole('dialog', { name: 'Export transcript' });
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Markdown' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('what-is-the-answer.md');
  const markdown = await readFile((await download.path())!, 'utf8');
  expect(markdown).toBe(
    '# what is the answer\n\n## You\n\nwhat is the answer\n\nThe **answer** is `42`.\n',
  );
  await expect(agent.getByRole('status').filter({ hasText: 'Downloaded' })).toContainText(
    'what-is-the-answer.md',
  );
});
