import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/shared/agent-event';
import type { EventMessage, HostResponse } from '../../src/shared/contract/host';
import type { Host } from '../../src/main/host/host';
import { claudeAgentEnv, claudeHost } from '../support/claude-host';
import { SUBSCRIPTION_LOGIN_FILES } from '../support/claude-login';
import { startFakeAnthropic, textReply, type FakeAnthropic } from '../support/fake-anthropic';
import { until } from '../support/until';

let dir: string;
let fake: FakeAnthropic;
let host: Host;
let opened: string[];

/** A CLI with no credentials of its own: no API key, and only what a test writes in its HOME. */
async function setUp() {
  fake = await startFakeAnthropic(() => textReply('Logged in now.'));
  opened = [];
  host = claudeHost(dir, fake.url, {
    agentEnv: { ...claudeAgentEnv(dir, fake.url), ANTHROPIC_API_KEY: '' },
    openExternal: async (url) => void opened.push(url),
  });
}

/** A subscription's login in the CLI's HOME; answers that HOME. */
function writeSubscriptionLogin() {
  const home = join(dir, 'home');
  for (const [path, text] of Object.entries(SUBSCRIPTION_LOGIN_FILES)) {
    mkdirSync(dirname(join(home, path)), { recursive: true });
    writeFileSync(join(home, path), text);
  }
  return home;
}

/** Opens the block's agent; `ready`: waits until its CLI answered `initialize`. */
async function openAgent(ready = true) {
  const messages: EventMessage[] = [];
  const connection = host.connect((m) => messages.push(m));
  const request = async <T = unknown>(name: string, params: unknown): Promise<T> => {
    const response: HostResponse = await connection.request(name, params);
    if (!response.ok) throw new Error(response.error);
    return response.result as T;
  };
  const events = () =>
    messages.flatMap((m): AgentEvent[] => (m.name === 'agentEvents' ? m.payload.events : []));
  await request('openAgent', { agentId: 'a1' });
  if (ready)
    await until(
      () => messages.some((m) => m.name === 'agentState' && m.payload.state.state === 'ready'),
      'ready',
    );
  return { request, events };
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'claude-account-host-'));
});
afterEach(async () => {
  await host?.dispose();
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('Host: logging in to Claude, the account, what the session runs', () => {
  it('starts the sign-in of a CLI that is not logged in, and opens its page through the checked opener', async () => {
    await setUp();
    const c = await openAgent();
    expect(await c.request('claudeAccount', { agentId: 'a1' })).toMatchObject({
      loggedIn: false,
      authMethod: 'none',
      apiProvider: 'firstParty',
    });
    // Said at the start, before any prompt: the CLI refuses nothing until one.
    await until(() => c.events().some((e) => e.type === 'error'), 'the start to say so');
    expect(c.events().filter((e) => e.type === 'error')).toEqual([
      { type: 'error', subtype: 'not_logged_in', message: expect.stringMatching(/^Not logged in/) },
    ]);
    await c.request('sendAgentMessage', { agentId: 'a1', text: 'hello' });
    await until(() => c.events().filter((e) => e.type === 'error').length === 2, 'the refusal');
    expect(c.events().filter((e) => e.type === 'error')[1]).toMatchObject({
      message: 'Not logged in · Please run /login',
    });
    expect(fake.calls).toHaveLength(0);

    const login = await c.request<{ url: string; needsCode: boolean }>('startClaudeLogin', {
      agentId: 'a1',
      subscription: true,
    });
    // On this computer the page calls the CLI back: nothing to paste.
    expect(login.needsCode).toBe(false);
    const redirect = new URL(login.url).searchParams.get('redirect_uri');
    expect(redirect).toMatch(/^http:\/\/localhost:\d+\/callback$/);
    expect(await c.request('openExternal', { url: login.url })).toEqual({ opened: true });
    expect(opened).toEqual([login.url]);

    // A pasted code goes to the CLI, whose exchange with Anthropic is what fails here.
    await expect(
      c.request('finishClaudeLogin', { agentId: 'a1', code: 'fake-code#fake-state' }),
    ).rejects.toThrow(/platform\.claude\.com|fetch|network|ENOTFOUND|EAI_AGAIN/i);
  });

  it('shows the subscription in use and logs out as `claude auth logout` does, at once', async () => {
    await setUp();
    const home = writeSubscriptionLogin();
    const c = await openAgent();
    const ends = () => c.events().filter((e) => e.type === 'done' || e.type === 'error');
    const turn = async (text: string) => {
      const before = ends().length;
      await c.request('sendAgentMessage', { agentId: 'a1', text });
      await until(() => ends().length > before, `the turn "${text}"`);
      return ends().at(-1);
    };
    expect(await turn('one')).toEqual({ type: 'done', response: 'Logged in now.' });
    expect(fake.calls[0]!.request.headers['authorization']).toBe('Bearer sk-ant-oat01-fake');
    expect(await c.request('claudeAccount', { agentId: 'a1' })).toEqual({
      loggedIn: true,
      authMethod: 'claude.ai',
      apiProvider: 'firstParty',
      email: 'ada@example.com',
      organization: 'Analytical Engines',
      subscription: 'max',
    });
    const after = await c.request('claudeLogout', { agentId: 'a1' });
    expect(after).toMatchObject({ loggedIn: false, authMethod: 'none' });
    expect(existsSync(join(home, '.claude', '.credentials.json'))).toBe(false);
    const config = JSON.parse(readFileSync(join(home, '.claude.json'), 'utf8'));
    expect(config.oauthAccount).toBeUndefined();
    expect(config.keptByLogout).toBe(true);
    // The running CLI reads its credentials again for each prompt: the logout holds at once,
    // and so does a login (what a finished sign-in writes), for the refused prompt sent again.
    expect(await turn('two')).toMatchObject({ message: 'Not logged in · Please run /login' });
    writeSubscriptionLogin();
    expect(await turn('two')).toEqual({ type: 'done', response: 'Logged in now.' });
  });

  it('lists the commands, agents, skills and plugins, and reloads them', async () => {
    await setUp();
    const commands = join(dir, 'home', '.claude', 'commands');
    mkdirSync(commands, { recursive: true });
    writeFileSync(join(commands, 'greet.md'), '---\ndescription: Say hello\n---\nHello\n');
    // Asked while the CLI still starts: the answer waits for what it announces.
    const c = await openAgent(false);
    type Capabilities = {
      commands: { name: string; description: string; source?: string }[];
      agents: { name: string }[];
      plugins: { name: string; source: string }[];
    };
    const listed = await c.request<Capabilities>('sessionCapabilities', { agentId: 'a1' });
    expect(listed.commands).toContainEqual(
      expect.objectContaining({ name: 'greet', description: 'Say hello', source: 'user' }),
    );
    expect(listed.commands).toContainEqual(
      expect.objectContaining({ name: 'compact', source: 'built-in' }),
    );
    expect(listed.agents.map((a) => a.name)).toContain('Explore');

    writeFileSync(join(commands, 'wave.md'), '---\ndescription: Wave\n---\nWave\n');
    const reloaded = await c.request<Capabilities>('reloadPlugins', { agentId: 'a1' });
    expect(reloaded.commands).toContainEqual(
      expect.objectContaining({ name: 'wave', description: 'Wave', source: 'user' }),
    );
    expect(reloaded.plugins.length).toBeGreaterThan(0);
    expect(reloaded.plugins.every((p) => p.source.endsWith('@builtin'))).toBe(true);
  });
});
