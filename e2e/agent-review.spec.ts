import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { lastToolResults, textReply, toolUseReply } from '#test/support/fake-anthropic';
import { runCommand, screenshot } from './support/app-page';
import { ask, composer, expect, openAgent, test, transcript } from './support/agent-mode';

test('a turn ends with its changes; "Revert hunk" restores one on disk, and refuses a changed file', async ({
  page,
  agentMode,
}) => {
  const notes = join(agentMode.browserMode.workspaceDir, 'notes.txt');
  const other = join(agentMode.browserMode.workspaceDir, 'other.txt');
  await writeFile(notes, 'alpha\nbeta\ngamma\n');
  await writeFile(other, 'one\n');
  agentMode.script(({ body }) => {
    const done = lastToolResults(body).length;
    if (done === 0) {
      return toolUseReply([
        { name: 'Edit', input: { file_path: notes, old_string: 'beta', new_string: 'BETA' } },
        { name: 'Edit', input: { file_path: other, old_string: 'one', new_string: 'two' } },
      ]);
    }
    return textReply('Edited both.');
  });
  const agent = await openAgent(page, agentMode.browserMode.url);
  await agent.getByRole('combobox', { name: 'Permission mode' }).selectOption('acceptEdits');
  await ask(page, agent, 'edit the files');
  await expect(transcript(agent).getByText('Edited both.')).toBeVisible({ timeout: 30_000 });
  expect(await readFile(notes, 'utf8')).toBe('alpha\nBETA\ngamma\n');

  const changes = transcript(agent).getByRole('group', { name: 'Changes' });
  await expect(changes).toContainText('notes.txt +1 −1');
  await expect(changes).toContainText('other.txt +1 −1');

  await composer(agent).focus();
  await runCommand(page, 'Review changes');
  const review = page.getByRole('dialog', { name: 'Review changes' });
  await expect(review).toContainText('2 files changed in this session');
  await review
    .getByRole('region', { name: notes })
    .getByRole('button', { name: 'Revert hunk' })
    .click();
  await expect(review.getByRole('region', { name: notes }).getByRole('status')).toHaveText(
    'Reverted',
  );
  expect(await readFile(notes, 'utf8')).toBe('alpha\nbeta\ngamma\n');

  // Changed on disk since the edit: the hunk is not there to take back, and nothing is written.
  await writeFile(other, 'three\n');
  await review
    .getByRole('region', { name: other })
    .getByRole('button', { name: 'Revert hunk' })
    .click();
  await expect(review.getByRole('region', { name: other }).getByRole('alert')).toContainText(
    'has changed since',
  );
  expect(await readFile(other, 'utf8')).toBe('three\n');
  await screenshot(page, 'agent-review-changes');
});
