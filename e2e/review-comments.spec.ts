import {
  lastUserText,
  messageText,
  textReply,
  type MessagesRequestBody,
} from '#test/support/fake-anthropic';
import { runCommand, screenshot } from './support/app-page';
import { expect, test, transcript } from './support/agent-mode';
import { agentThatEditedTwoFiles } from './support/edited-files';

test('comments on two hunks, kept across a reload, reach Claude in one message quoting their lines', async ({
  page,
  agentMode,
}) => {
  const asked: MessagesRequestBody[] = [];
  const { agent, notes, other } = await agentThatEditedTwoFiles(page, agentMode, ({ body }) => {
    if (!lastUserText(body).includes('review comments')) return undefined;
    asked.push(body);
    return textReply('Looking at your comments.');
  });

  // In "Changes", from the keyboard: the cursor starts on the first changed line ("-beta"),
  // Shift+Down takes "+BETA" too, Enter opens the box, Ctrl+Enter keeps the comment.
  const changes = transcript(agent).getByRole('group', { name: 'Changes' });
  await changes.locator('summary', { hasText: 'notes.txt' }).click();
  await changes.getByRole('listbox', { name: `Changes to ${notes}` }).focus();
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Enter');
  await expect(changes.getByRole('textbox', { name: 'Comment' })).toBeFocused();
  await page.keyboard.type('Keep it lower case.');
  await page.keyboard.press('Control+Enter');
  const listed = (count: string) => agent.getByRole('region', { name: count });
  await expect(listed('1 comment')).toContainText(`${notes}, line 2`);
  await expect(listed('1 comment')).toContainText('Keep it lower case.');
  await screenshot(page, 'review-comments-changes');

  // In "Review changes", with the "Comment" button, on the other file's hunk.
  await runCommand(page, 'Review changes');
  const review = page.getByRole('dialog', { name: 'Review changes' });
  const otherFile = review.getByRole('region', { name: other });
  await otherFile.getByRole('button', { name: 'Comment' }).click();
  await otherFile.getByRole('textbox', { name: 'Comment' }).fill('Why two?');
  await otherFile.getByRole('button', { name: 'Save comment' }).click();
  const inReview = review.getByRole('region', { name: '2 comments' });
  await expect(inReview.getByRole('listitem')).toHaveText([
    new RegExp(`^${notes}, line 2.*Keep it lower case\\.`, 's'),
    new RegExp(`^${other}, line 1.*Why two\\?`, 's'),
  ]);
  await screenshot(page, 'review-comments-review');
  await review.getByRole('button', { name: 'Close' }).click();

  await page.waitForTimeout(500); // the workspace saves the block's comments
  await page.reload();
  await expect(listed('2 comments')).toBeVisible({ timeout: 30_000 });
  await expect(listed('2 comments').getByRole('listitem')).toHaveCount(2);
  await expect(listed('2 comments')).not.toContainText('outdated');
  await screenshot(page, 'review-comments-reload');

  await listed('2 comments').getByRole('button', { name: 'Send 2 comments to Claude' }).click();
  await expect(transcript(agent).getByText('Looking at your comments.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(agent.getByRole('region', { name: /comments?$/ })).toHaveCount(0);
  // One user message holds both comments, with their files, lines and code.
  const holding = asked[0]!.messages.filter(
    (m) => m.role === 'user' && /Keep it lower case|Why two/.test(messageText(m)),
  );
  expect(holding).toHaveLength(1);
  const message = messageText(holding[0]);
  expect(message).toContain(
    `\`${notes}\`, line 2:\n\n\`\`\`diff\n-beta\n+BETA\n\`\`\`\n\nKeep it lower case.`,
  );
  expect(message).toContain(`\`${other}\`, line 1:\n\n\`\`\`diff\n-one\n+two\n\`\`\`\n\nWhy two?`);
  await screenshot(page, 'review-comments-sent');
});
