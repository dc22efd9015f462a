import { agents, screenshot } from './support/app-page';
import { agentThatRemembers, ask, expect, test, transcript } from './support/agent-mode';

test.describe('session library with sessions the real CLI wrote', () => {
  test('finds a session by a word of a reply, reads it, and Resume continues it', async ({
    page,
    agentMode,
  }) => {
    // "capybara" occurs only in the model's first reply.
    const first = await agentThatRemembers(page, agentMode, 'Noted, as the capybara would.');

    await page.keyboard.press('Control+Shift+H');
    const library = page.getByRole('dialog', { name: 'Session library' });
    const search = library.getByRole('searchbox', { name: 'Search sessions' });
    await expect(search).toBeFocused();
    await page.keyboard.type('capybara');
    const found = library.getByRole('listbox', { name: 'Sessions' }).getByRole('option');
    await expect(found).toHaveCount(1);
    await expect(found.locator('mark')).toHaveText('capybara');
    await expect(found).toContainText('remember kiwi');
    // The block that wrote it still runs: the session is live.
    await expect(found).toContainText('live');
    await screenshot(page, 'library-search');

    await page.keyboard.press('Enter');
    await expect(transcript(library).getByText('Noted, as the capybara would.')).toBeVisible();
    await expect(transcript(library).getByText('remember kiwi')).toBeVisible();
    await library.getByRole('button', { name: 'Resume' }).click();
    await expect(library.getByRole('alert')).toContainText('two processes');
    await screenshot(page, 'library-session');
    await library.getByRole('button', { name: 'Don’t resume' }).click();
    await page.keyboard.press('Escape');
    await expect(search).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(library).toHaveCount(0);

    // Once the block that wrote it is closed, the session is not live any more.
    await first.getByRole('button', { name: /^Close/ }).click();
    await expect(agents(page)).toHaveCount(0);
    await page.keyboard.press('Control+Shift+H');
    await page.keyboard.type('capybara');
    await expect(found).toHaveCount(1);
    await expect(found).not.toContainText('live', { timeout: 30_000 });
    await page.keyboard.press('Enter');
    await library.getByRole('button', { name: 'Resume' }).click();

    const resumed = agents(page);
    await expect(resumed).toHaveCount(1);
    await expect(transcript(resumed).getByText('Noted, as the capybara would.')).toBeVisible();
    await ask(page, resumed, 'what did I say');
    await expect(transcript(resumed).getByText('You said kiwi.')).toBeVisible({ timeout: 30_000 });
    await screenshot(page, 'library-resumed');
  });

  test('Fork starts a new session from one, which stays as it was', async ({ page, agentMode }) => {
    const first = await agentThatRemembers(page, agentMode);
    await first.getByRole('button', { name: /^Close/ }).click();
    await expect(agents(page)).toHaveCount(0);

    await page.keyboard.press('Control+Shift+H');
    const library = page.getByRole('dialog', { name: 'Session library' });
    const sessions = library.getByRole('listbox', { name: 'Sessions' }).getByRole('option');
    await expect(sessions).toHaveCount(1);
    await expect(sessions).toContainText('2 messages');
    await page.keyboard.press('Enter');
    await library.getByRole('button', { name: 'Fork' }).click();

    const forked = agents(page);
    await expect(transcript(forked).getByText('Noted.')).toBeVisible();
    await ask(page, forked, 'what did I say');
    await expect(transcript(forked).getByText('You said kiwi.')).toBeVisible({ timeout: 30_000 });

    await page.keyboard.press('Control+Shift+H');
    await expect(sessions).toHaveCount(2);
    // The fork holds both turns; the session it came from still has its one.
    await expect(sessions.filter({ hasText: '4 messages' })).toHaveCount(1);
    await expect(sessions.filter({ hasText: '2 messages' })).toHaveCount(1);
  });
});
