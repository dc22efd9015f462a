import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { SUBSCRIPTION_LOGIN_FILES } from '#test/support/claude-login';
import { runCommand, screenshot } from './support/app-page';
import { ask, expect, openAgent, test, transcript } from './support/agent-mode';

/** Opens "Claude settings" on one of its tabs, for the agent block just opened. */
async function openClaudeSettings(page: Page, tab: string): Promise<Locator> {
  await runCommand(page, 'Open Claude settings');
  const settings = page.getByRole('dialog', { name: 'Claude settings' });
  await settings.getByRole('tab', { name: tab }).click();
  return settings;
}

test.describe('logging in to Claude from Tether', () => {
  test.use({ loggedOut: true });

  test('a CLI without credentials is offered "Log in to Claude", which opens the CLI’s sign-in page', async ({
    page,
    agentMode,
  }) => {
    const agent = await openAgent(page, agentMode.browserMode.url);
    // Said before anything is typed, with the way out.
    await expect(
      transcript(agent).getByText(/^Not logged in: Claude Code has no credentials/),
    ).toBeVisible();
    await expect(transcript(agent).getByRole('button', { name: 'Log in to Claude' })).toHaveCount(
      1,
    );
    // From the palette too, for the focused agent block; Escape leaves it.
    await runCommand(page, 'Log in to Claude');
    await expect(page.getByRole('dialog', { name: 'Log in to Claude' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Log in to Claude' })).toHaveCount(0);
    await ask(page, agent, 'hello');
    await expect(transcript(agent).getByText('Not logged in · Please run /login')).toBeVisible();
    // The refusal's own offer, which sends the refused prompt again once logged in.
    await transcript(agent).getByRole('button', { name: 'Log in to Claude' }).last().click();
    const login = page.getByRole('dialog', { name: 'Log in to Claude' });
    await expect(login.getByRole('button', { name: 'Anthropic Console' })).toBeVisible();
    // Browser mode cannot open a browser of its own: the page opens the sign-in page in a tab,
    // which a stand-in answers here (Anthropic is out of reach).
    await page
      .context()
      .route('https://claude.com/**', (route) => route.fulfill({ body: 'The sign-in page' }));
    const signInTab = page.context().waitForEvent('page');
    await login.getByRole('button', { name: 'Claude subscription' }).click();
    const tab = await signInTab;
    await tab.waitForURL(/^https:\/\/claude\.com\//);
    const signIn = new URL(tab.url());
    expect(signIn.origin + signIn.pathname).toBe('https://claude.com/cai/oauth/authorize');
    const callback = new URL(signIn.searchParams.get('redirect_uri')!);
    expect(callback.hostname).toBe('localhost');
    await tab.close();
    await expect(login.getByRole('status')).toHaveText('Waiting for the sign-in to finish…');
    await screenshot(page, 'claude-settings-login');

    // The page calling the CLI back ends the wait; the token exchange after it needs Anthropic's
    // servers, out of reach here, and its failure is what the dialog shows.
    callback.searchParams.set('code', 'fake-code');
    callback.searchParams.set('state', signIn.searchParams.get('state')!);
    await fetch(callback).catch(() => undefined);
    await expect(login.getByRole('alert')).toContainText('The sign-in did not finish');
    await expect(login.getByRole('button', { name: 'Claude subscription' })).toBeVisible();
    expect(agentMode.fake.calls).toHaveLength(0);
  });
});

test.describe('"Claude settings": Account, and Commands, agents and skills', () => {
  test.use({
    loggedOut: true,
    homeFiles: {
      ...SUBSCRIPTION_LOGIN_FILES,
      '.claude/commands/greet.md': '---\ndescription: Say hello\nargument-hint: <name>\n---\nHi\n',
      '.claude/agents/reviewer.md':
        '---\nname: reviewer\ndescription: Reviews diffs\n---\nReview.\n',
    },
  });

  test('the Account tab shows the subscription in use and logs out', async ({
    page,
    agentMode,
  }) => {
    await openAgent(page, agentMode.browserMode.url);
    const settings = await openClaudeSettings(page, 'Account');
    const account = settings.getByRole('tabpanel');
    await expect(account.getByText('ada@example.com')).toBeVisible();
    await expect(account.getByText('Analytical Engines')).toBeVisible();
    await expect(account.getByText('A Claude subscription')).toBeVisible();
    await expect(account.getByRole('button', { name: 'Log in to Claude' })).toBeVisible();
    await screenshot(page, 'claude-settings-account');

    await account.getByRole('button', { name: 'Log out' }).click();
    await expect(account.getByRole('status')).toHaveText('Logged out of Claude on this computer.');
    await expect(account.getByText('None: not logged in')).toBeVisible();
    await expect(account.getByText('ada@example.com')).toHaveCount(0);
  });

  test('the Commands tab lists the session’s commands and agents, and reloads plugins', async ({
    page,
    agentMode,
  }) => {
    await openAgent(page, agentMode.browserMode.url);
    const settings = await openClaudeSettings(page, 'Commands, agents and skills');
    const commands = settings.getByRole('table', { name: 'Slash commands' });
    await expect(
      commands.getByRole('row', { name: /\/greet <name> Say hello user/ }),
    ).toBeVisible();
    await expect(
      settings.getByRole('table', { name: 'Subagents' }).getByRole('row', { name: /reviewer/ }),
    ).toBeVisible();
    await screenshot(page, 'claude-settings-commands');

    await writeFile(
      join(agentMode.browserMode.home, '.claude', 'commands', 'wave.md'),
      '---\ndescription: Wave goodbye\n---\nBye\n',
    );
    await expect(commands.getByRole('row', { name: /\/wave/ })).toHaveCount(0);
    await settings.getByRole('button', { name: 'Reload plugins' }).click();
    await expect(settings.getByRole('status')).toHaveText('Plugins reloaded.');
    await expect(commands.getByRole('row', { name: /\/wave Wave goodbye user/ })).toBeVisible();
  });
});
