import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  lastToolResults,
  lastUserText,
  messageText,
  textReply,
  toolUseReply,
} from '#test/support/fake-anthropic';
import { agents, screenshot } from './support/app-page';
import { ask, composer, expect, openAgent, test, transcript } from './support/agent-mode';

test('"Rewind code to here" lists the written file and Rewind restores it; "Fork from here" opens a fork before the prompt', async ({
  page,
  agentMode,
}) => {
  const notes = join(agentMode.browserMode.workspaceDir, 'notes.txt');
  await writeFile(notes, 'as it was\n');
  agentMode.script(({ body }) => {
    if (lastToolResults(body).length > 0) return textReply('Wrote the notes.');
    if (lastUserText(body).includes('write the notes')) {
      return toolUseReply({
        name: 'Write',
        input: { file_path: notes, content: 'one\ntwo\nthree\n' },
      });
    }
    return textReply('Just talking.');
  });
  const agent = await openAgent(page, agentMode.browserMode.url);
  await agent.getByRole('combobox', { name: 'Permission mode' }).selectOption('acceptEdits');
  await ask(page, agent, 'write the notes');
  await expect(transcript(agent).getByText('Wrote the notes.')).toBeVisible({ timeout: 30_000 });
  await ask(page, agent, 'now just talk');
  await expect(transcript(agent).getByText('Just talking.')).toBeVisible({ timeout: 30_000 });
  expect(await readFile(notes, 'utf8')).toBe('one\ntwo\nthree\n');

  // From the keyboard: the prompt's button is a plain button in its row.
  const rewindButtons = transcript(agent).getByRole('button', { name: 'Rewind code to here' });
  await expect(rewindButtons).toHaveCount(2);
  // Offered once the turn is over and the session idle.
  await expect(rewindButtons.first()).toBeEnabled();
  await rewindButtons.first().focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Rewind files' });
  await expect(dialog.getByRole('list', { name: 'Files to rewind' })).toHaveText(notes);
  await expect(dialog).toContainText('+1 −3 lines');
  await expect(dialog).toContainText('Changes made through Bash are not tracked');
  await screenshot(page, 'agent-rewind-files');
  await dialog.getByRole('button', { name: 'Rewind' }).click();
  await expect(dialog).toBeHidden();
  await expect(agent.getByText('Rewound 1 file to before that message.')).toBeVisible();
  expect(await readFile(notes, 'utf8')).toBe('as it was\n');

  // The fork holds the first turn, not the second, whose prompt waits in its composer.
  await transcript(agent).getByRole('button', { name: 'Fork from here' }).last().click();
  await expect(agents(page)).toHaveCount(2);
  const fork = agents(page).nth(1);
  await expect(composer(fork)).toHaveValue('now just talk');
  await expect(transcript(fork).getByText('Wrote the notes.')).toBeVisible({ timeout: 30_000 });
  await expect(transcript(fork).getByText('Just talking.')).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(transcript(fork).getByText('Just talking.')).toBeVisible({ timeout: 30_000 });
  // What the fork's turn sent: the first turn, and the prompt once, without its old reply.
  const sent = agentMode.fake.calls
    .findLast(({ body }) => lastUserText(body).includes('now just talk'))!
    .body.messages.map(messageText);
  expect(sent.filter((text) => text.includes('now just talk'))).toHaveLength(1);
  expect(sent.some((text) => text.includes('Wrote the notes.'))).toBe(true);
  expect(sent.some((text) => text.includes('Just talking.'))).toBe(false);
});
