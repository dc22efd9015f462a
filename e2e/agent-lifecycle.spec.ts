import { textReply } from '#test/support/fake-anthropic';
import { screenshot } from './support/app-page';
import { agentThatRemembers, ask, expect, openAgent, test, transcript } from './support/agent-mode';

test.describe('agent block lifecycle with the real Claude CLI', () => {
  test('closing an agent mid-turn asks, and Cancel keeps it working', async ({
    page,
    agentMode,
  }) => {
    agentMode.script(() => textReply('Slowly done.', { chunks: 40, delayMs: 250 }));
    const agent = await openAgent(page, agentMode.browserMode.url);
    await ask(page, agent, 'take your time');
    await expect(agent.getByRole('status').filter({ hasText: 'Working' })).toBeVisible();
    await page.keyboard.press('Control+Shift+Backspace');
    const confirm = page.getByRole('dialog', { name: 'Close take your time?' });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await screenshot(page, 'close-confirm-agent');
    await page.keyboard.press('Enter');
    await expect(confirm).toHaveCount(0);
    await expect(transcript(agent).getByText('Slowly done.')).toBeVisible({ timeout: 30_000 });
  });

  test('"Reopen closed block" resumes the agent with its transcript', async ({
    page,
    agentMode,
  }) => {
    const agent = await agentThatRemembers(page, agentMode);
    // Its turn is over: it closes without asking.
    await page.keyboard.press('Control+Shift+Backspace');
    await expect(agent).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.keyboard.press('Control+Shift+P');
    await page.keyboard.type('Reopen closed block');
    await page.keyboard.press('Enter');
    const again = page.getByRole('region', { name: 'Agent' });
    await expect(transcript(again).getByText('remember kiwi')).toBeVisible();
    await expect(transcript(again).getByText('Noted.')).toBeVisible();
    await ask(page, again, 'what did I say');
    await expect(transcript(again).getByText('You said kiwi.')).toBeVisible();
    await screenshot(page, 'agent-reopened');
  });
});
