import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/shared/agent-event';
import type { EventMessage, HostResponse } from '../../src/shared/contract/host';
import type { Host } from '../../src/main/host/host';
import { claudeLibraryHost } from '../support/claude-host';
import {
  lastUserText,
  messageText,
  startFakeAnthropic,
  textReply,
  type FakeAnthropic,
} from '../support/fake-anthropic';
import { until } from '../support/until';

const KIWI = '11111111-1111-4111-8111-111111111111';
const MANGO = '22222222-2222-4222-8222-222222222222';

let dir: string;
let fake: FakeAnthropic;
let host: Host;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fork-host-'));
  fake = await startFakeAnthropic(({ body }) => textReply(`reply to ${lastUserText(body)}`));
  host = claudeLibraryHost(dir, fake.url);
});
afterEach(async () => {
  await host?.dispose();
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

function client() {
  const messages: EventMessage[] = [];
  const connection = host.connect((m) => messages.push(m));
  const events = (agentId: string) =>
    messages.flatMap((m) =>
      m.name === 'agentEvents' && m.payload.agentId === agentId ? m.payload.events : [],
    );
  const request = async <T = unknown>(name: string, params: unknown): Promise<T> => {
    const response: HostResponse = await connection.request(name, params);
    if (!response.ok) throw new Error(response.error);
    return response.result as T;
  };
  const turn = async (agentId: string, text: string, uuid?: string) => {
    const before = events(agentId).filter((e) => e.type === 'done').length;
    await request('sendAgentMessage', { agentId, text, ...(uuid ? { uuid } : {}) });
    await until(() => events(agentId).filter((e) => e.type === 'done').length > before, text);
  };
  return { events, request, turn };
}

const prompts = (events: AgentEvent[]) =>
  events.flatMap((e) => (e.type === 'user_message' ? [e.text] : []));

/** An agent that was told the kiwi prompt and then the mango prompt; its session id. */
async function twoTurns(c: ReturnType<typeof client>): Promise<string> {
  await c.request('openAgent', { agentId: 'source' });
  await c.turn('source', 'the kiwi prompt', KIWI);
  await c.turn('source', 'the mango prompt', MANGO);
  const started = c.events('source').find((e) => e.type === 'session_started');
  return started?.type === 'session_started' ? started.session_id : '';
}

describe('Host: Fork from here with the real CLI', () => {
  it('forks before a later prompt: the history and the API calls hold the turns before it only', async () => {
    const c = client();
    const sessionId = await twoTurns(c);
    const { history } = await c.request<{ history: AgentEvent[] }>('openAgent', {
      agentId: 'fork',
      resumeSessionId: sessionId,
      forkSession: true,
      resumeAt: MANGO,
    });
    expect(prompts(history)).toEqual(['the kiwi prompt']);
    await c.turn('fork', 'the papaya prompt');
    const sent = fake.calls.at(-1)!.body.messages.map(messageText).join('\n');
    expect(sent).toContain('reply to');
    expect(sent).toContain('the kiwi prompt');
    expect(sent).not.toContain('mango');
    const forked = c.events('fork').find((e) => e.type === 'session_started');
    expect(forked?.type === 'session_started' && forked.session_id).not.toBe(sessionId);
  });

  it('forks before the first prompt as a new session, with nothing before it', async () => {
    const c = client();
    const sessionId = await twoTurns(c);
    const { history } = await c.request<{ history: AgentEvent[] }>('openAgent', {
      agentId: 'fork',
      resumeSessionId: sessionId,
      forkSession: true,
      resumeAt: KIWI,
    });
    expect(history).toEqual([]);
    await c.turn('fork', 'the papaya prompt');
    const sent = fake.calls.at(-1)!.body.messages.map(messageText).join('\n');
    expect(sent).not.toContain('kiwi');
    expect(sent).not.toContain('mango');
  });

  it('refuses a fork before a prompt the session does not have, in one line', async () => {
    const c = client();
    const sessionId = await twoTurns(c);
    await expect(
      c.request('openAgent', {
        agentId: 'fork',
        resumeSessionId: sessionId,
        forkSession: true,
        resumeAt: '33333333-3333-4333-8333-333333333333',
      }),
    ).rejects.toThrow('openAgent: that message is not in its session file');
  });
});

describe('Host: the library and the sessions of Tether’s blocks', () => {
  it('lists a session a block ran as Tether’s, also once the block is closed for good', async () => {
    const c = client();
    await c.request('openAgent', { agentId: 'gone' });
    await c.turn('gone', 'the kiwi prompt');
    const started = c.events('gone').find((e) => e.type === 'session_started');
    const sessionId = started?.type === 'session_started' ? started.session_id : '';
    await c.request('closeAgent', { agentId: 'gone', forget: true });
    type Listed = { sessions: { sessionId: string; entrypoint: string | null }[] };
    await expect
      .poll(
        async () =>
          (await c.request<Listed>('listSessions', {})).sessions.find(
            (session) => session.sessionId === sessionId,
          )?.entrypoint,
        { timeout: 20_000 },
      )
      .toBe('tether');
  });
});
