import { readFile, writeFile } from 'node:fs/promises';
import { runCommand, screenshot } from './support/app-page';
import { composer, expect, test, transcript } from './support/agent-mode';
import { agentThatEditedTwoFiles } from './support/edited-files';

test('a turn ends with its changes; "Revert hunk" restores one on disk, and refuses a changed file', async ({
  page,
  agentMode,
}) => {
  const { agent, notes, other } = await agentThatEditedTwoFiles(page, agentMode);
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
