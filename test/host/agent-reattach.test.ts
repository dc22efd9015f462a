import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/shared/agent-event';
import type { EventMessage, HostResponse } from '../../src/shared/contract/host';
import type { Host } from '../../src/main/host/host';
import { isAlive } from '../../src/main/process/process-tree';
import { claudeHost } from '../support/claude-host';
import {
  lastToolResults,
  startFakeAnthropic,
  textReply,
  toolUseReply,
  type FakeAnthropic,
} from '../support/fake-anthropic';
import { until } from '../support/until';

// The real CLI against a scripted Anthropic API, and a page that reloads in the middle of a turn.

let dir: string;
let fake: FakeAnthropic;
let host: Host;

async function setUp(reattachGraceSeconds?: number) {
  fake = await startFakeAnthropic(({ body }) =>
    lastToolResults(body).length
      ? textReply('Done.')
      : toolUseReply({ name: 'Bash', input: { command: 'echo x > reattach.txt' } }),
  );
  host = claudeHost(
    dir,
    fake.url,
    reattachGraceSeconds === undefined ? {} : { reattachGraceSeconds },
  );
}

/** A page of one browser tab (the same client id across its reloads). */
function page(clientId = 'tab-agent-1') {
  const messages: EventMessage[] = [];
  const connection = host.connect((m) => messages.push(m), clientId);
  const events = () => messages.flatMap((m) => (m.name === 'agentEvents' ? m.payload.events : []));
  const pid = () =>
    messages.flatMap((m) =>
      m.name === 'agentState' && m.payload.state.state === 'ready' ? [m.payload.state.pid] : [],
    )[0];
  const request = async <T = unknown>(name: string, params: unknown): Promise<T> => {
    const response: HostResponse = await connection.request(name, params);
    if (!response.ok) throw new Error(response.error);
    return response.result as T;
  };
  return { connection, events, pid, request };
}

const asks = (events: AgentEvent[]) =>
  events.filter(
    (e): e is AgentEvent & { type: 'permission_request' } => e.type === 'permission_request',
  );

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'agent-reattach-'));
});
afterEach(async () => {
  await host?.dispose();
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('Host: an agent block across a reload, with the real CLI', () => {
  it('keeps a pending permission request answerable by the reloaded page', async () => {
    await setUp();
    const before = page();
    await before.request('openAgent', { agentId: 'a1' });
    await before.request('sendAgentMessage', { agentId: 'a1', text: 'go' });
    await until(() => asks(before.events()).length === 1, 'the permission request');
    const pid = before.pid()!;
    await before.connection.detach();

    const after = page();
    const reopened = await after.request<{ history: AgentEvent[]; state?: { state: string } }>(
      'openAgent',
      { agentId: 'a1' },
    );
    expect(reopened.state).toEqual({ state: 'busy' });
    const [asked] = asks(reopened.history);
    expect(asks(reopened.history)).toHaveLength(1);
    expect(reopened.history.filter((e) => e.type === 'user_message')).toHaveLength(1);
    const answer = { agentId: 'a1', requestId: asked!.request_id, decision: { behavior: 'allow' } };
    expect(await after.request('answerPermission', answer)).toEqual({ answered: true });
    await until(() => after.events().some((e) => e.type === 'done'), 'the turn to end');
    expect(existsSync(join(dir, 'reattach.txt'))).toBe(true);
    // The same CLI process went on: no second one was started.
    expect(after.pid()).toBeUndefined();
    expect(isAlive(pid)).toBe(true);
  });

  it('ends the CLI once the grace period is over', async () => {
    await setUp(0.3);
    const before = page();
    await before.request('openAgent', { agentId: 'a1' });
    await until(() => before.pid() !== undefined, 'ready');
    await before.connection.detach();
    expect(isAlive(before.pid()!)).toBe(true);
    await until(() => !isAlive(before.pid()!), 'the CLI to end');
    // Its block is free again once the ending is complete (the log closed): a new session starts.
    const later = page();
    let reopened: HostResponse = { ok: false, error: '' };
    for (const deadline = Date.now() + 5_000; !reopened.ok && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      reopened = await later.connection.request('openAgent', { agentId: 'a1' });
    }
    expect(reopened.ok).toBe(true);
    // A new session: nothing of a conversation in its history, only what its start announced.
    const history = (reopened as { result: { history: { type: string }[] } }).result.history;
    expect(history.filter((event) => event.type === 'user_message')).toEqual([]);
    expect((reopened as { result: { state?: unknown } }).result.state).toBeUndefined();
  });

  it('hands a block whose page went away to another tab that opens it', async () => {
    await setUp();
    const closedTab = page('tab-closed');
    await closedTab.request('openAgent', { agentId: 'a1' });
    await closedTab.request('sendAgentMessage', { agentId: 'a1', text: 'go' });
    await until(() => asks(closedTab.events()).length === 1, 'the permission request');
    const pid = closedTab.pid()!;
    // While the first tab is there, the block is its own.
    const other = page('tab-other');
    await expect(other.request('openAgent', { agentId: 'a1' })).rejects.toThrow(
      'open in another Tether window or tab',
    );
    // The tab is closed: within the grace period, the block opens in the other tab.
    await closedTab.connection.detach();
    const { history } = await other.request<{ history: AgentEvent[] }>('openAgent', {
      agentId: 'a1',
    });
    expect(history.some((e) => e.type === 'user_message' && e.text === 'go')).toBe(true);
    expect(isAlive(pid)).toBe(false);
    await until(() => other.pid() !== undefined, 'the block to start again');
  });
});
