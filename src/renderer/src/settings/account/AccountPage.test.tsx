// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeHost } from '../../blocks/agent/testing/fake-host';
import { ClaudeSettings } from '../ClaudeSettings';

afterEach(cleanup);

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

async function openAccount(host: FakeHost, agentId: string | null = 'a1') {
  render(
    <ClaudeSettings api={host.api} agentId={agentId} initialTab="Account" onClose={() => {}} />,
  );
  await settle();
  return screen.getByRole('tabpanel');
}

/** What the account list says for one of its terms. */
const field = (name: string) =>
  screen.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;

describe('"Account" in Claude settings', () => {
  it('shows the subscription in use and logs out', async () => {
    const host = new FakeHost();
    host.replies.claudeAccount = {
      loggedIn: true,
      authMethod: 'claude.ai',
      apiProvider: 'firstParty',
      email: 'ada@example.com',
      organization: 'Analytical Engines',
      subscription: 'max',
    };
    host.replies.claudeLogout = { loggedIn: false, authMethod: 'none', apiProvider: 'firstParty' };
    await openAccount(host);
    expect(host.paramsOf('claudeAccount')).toEqual([{ agentId: 'a1' }]);
    expect(field('Email')).toBe('ada@example.com');
    expect(field('Organisation')).toBe('Analytical Engines');
    expect(field('Plan')).toBe('max');
    expect(field('Credentials')).toBe('A Claude subscription');

    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await settle();
    expect(host.paramsOf('claudeLogout')).toEqual([{ agentId: 'a1' }]);
    expect(field('Logged in')).toBe('No');
    expect(field('Credentials')).toBe('None: not logged in');
    expect(screen.queryByText('Email', { selector: 'dt' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Log out' })).toHaveProperty('disabled', true);
  });

  it('names an API key’s source, and logs in through the session', async () => {
    const host = new FakeHost();
    host.replies.claudeAccount = {
      loggedIn: true,
      authMethod: 'api_key',
      apiKeySource: 'apiKeyHelper',
      apiProvider: 'firstParty',
    };
    host.replies.startClaudeLogin = {
      url: 'https://claude.com/cai/oauth/authorize',
      needsCode: true,
    };
    host.replies.finishClaudeLogin = { loggedIn: true, email: 'ada@example.com' };
    const page = await openAccount(host);
    expect(field('Credentials')).toBe('An API key from the apiKeyHelper setting');
    fireEvent.click(within(page).getByRole('button', { name: 'Log in to Claude' }));
    const login = within(page).getByRole('region', { name: 'Log in to Claude' });
    fireEvent.click(within(login).getByRole('button', { name: 'Claude subscription' }));
    await settle();
    fireEvent.change(within(login).getByRole('textbox', { name: 'Code from the sign-in page' }), {
      target: { value: 'the-code' },
    });
    fireEvent.click(within(login).getByRole('button', { name: 'Log in' }));
    await settle();
    expect(host.paramsOf('finishClaudeLogin')).toEqual([{ agentId: 'a1', code: 'the-code' }]);
    expect(screen.getByRole('status').textContent).toBe('Logged in to Claude as ada@example.com.');
    // Read again: what the CLI now says is what the page shows.
    expect(host.paramsOf('claudeAccount')).toHaveLength(2);
  });

  it('says why it cannot show a remote block’s account', async () => {
    const host = new FakeHost();
    host.replies.claudeAccount = () =>
      Promise.reject(
        new Error(
          'This block runs on build-box; Tether reads and changes Claude’s login on this computer only for now.',
        ),
      );
    await openAccount(host);
    expect(screen.getByRole('alert').textContent).toContain('This block runs on build-box');
  });

  it('asks for an agent block when none is open', async () => {
    const host = new FakeHost();
    await openAccount(host, null);
    expect(screen.getByText(/Open an agent block/)).toBeTruthy();
    expect(host.paramsOf('claudeAccount')).toEqual([]);
  });
});
