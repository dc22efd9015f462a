// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeHost } from '../testing/fake-host';
import { AGENT_ID, renderBlock } from '../testing/render-block';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const SIGN_IN = 'https://claude.com/cai/oauth/authorize?state=s1';

async function refusedForWantOfLogin(host: FakeHost) {
  const block = await renderBlock(host);
  await block.push(
    { type: 'user_message', text: 'hello there', uuid: 'u1' },
    { type: 'error', message: 'Not logged in · Please run /login', subtype: 'api_error' },
  );
  fireEvent.click(screen.getByRole('button', { name: 'Log in to Claude' }));
  await block.settle();
  return block;
}

describe('"Log in to Claude" in an agent block', () => {
  it('signs in with a subscription through the page the CLI gives, then sends the refused prompt again', async () => {
    const host = new FakeHost();
    let finish: (account: unknown) => void = () => undefined;
    host.replies.startClaudeLogin = { url: SIGN_IN, needsCode: false };
    host.replies.finishClaudeLogin = () => new Promise((resolve) => (finish = resolve));
    const block = await refusedForWantOfLogin(host);
    expect(screen.getByRole('dialog', { name: 'Log in to Claude' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Claude subscription' }));
    await block.settle();
    expect(host.paramsOf('startClaudeLogin')).toEqual([{ agentId: AGENT_ID, subscription: true }]);
    expect(host.paramsOf('openExternal')).toEqual([{ url: SIGN_IN }]);
    expect(host.paramsOf('finishClaudeLogin')).toContainEqual({ agentId: AGENT_ID });
    const dialog = screen.getByRole('dialog', { name: 'Log in to Claude' });
    expect(within(dialog).getByRole('status').textContent).toContain('Waiting for the sign-in');
    expect(host.paramsOf('sendAgentMessage')).toEqual([]);

    finish({ loggedIn: true, email: 'ada@example.com', authMethod: 'claude.ai' });
    await block.settle();
    expect(screen.queryByRole('dialog', { name: 'Log in to Claude' })).toBeNull();
    expect(screen.getByText('Logged in to Claude as ada@example.com.')).toBeTruthy();
    expect(host.paramsOf('sendAgentMessage')).toEqual([
      expect.objectContaining({ agentId: AGENT_ID, text: 'hello there' }),
    ]);
  });

  it('takes the code the page shows when the CLI cannot be called back, and says why a sign-in failed', async () => {
    const host = new FakeHost();
    host.replies.startClaudeLogin = { url: SIGN_IN, needsCode: true };
    host.replies.finishClaudeLogin = () => Promise.reject(new Error('Invalid code'));
    const block = await refusedForWantOfLogin(host);
    fireEvent.click(screen.getByRole('button', { name: 'Anthropic Console' }));
    await block.settle();
    expect(host.paramsOf('startClaudeLogin')).toEqual([{ agentId: AGENT_ID, subscription: false }]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Code from the sign-in page' }), {
      target: { value: 'abc#s1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await block.settle();
    expect(host.paramsOf('finishClaudeLogin')).toEqual([{ agentId: AGENT_ID, code: 'abc#s1' }]);
    expect(screen.getByRole('alert').textContent).toContain('Invalid code');
    // Back at the choice, to try again; nothing was sent.
    expect(screen.getByRole('button', { name: 'Claude subscription' })).toBeTruthy();
    expect(host.paramsOf('sendAgentMessage')).toEqual([]);
  });

  it('offers no login for other failures', async () => {
    const block = await renderBlock();
    await block.push({ type: 'error', message: 'API Error: 529 Overloaded', subtype: 'api_error' });
    expect(screen.queryByRole('button', { name: 'Log in to Claude' })).toBeNull();
  });
});
