import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventMessage, HostResponse } from '../../src/shared/contract/host';
import type { ContextUsage } from '../../src/shared/contract/usage';
import type { Host } from '../../src/main/host/host';
import { localDay } from '../../src/main/library/index/usage-table';
import { claudeLibraryHost } from '../support/claude-host';
import { startFakeAnthropic, textReply, type FakeAnthropic } from '../support/fake-anthropic';
import { until } from '../support/until';

let dir: string;
let project: string;
let fake: FakeAnthropic;
let host: Host;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'usage-host-'));
  project = join(dir, 'project');
  mkdirSync(project);
  const usage = { input_tokens: 30_000, output_tokens: 500, cache_read_input_tokens: 20_000 };
  fake = await startFakeAnthropic(() => textReply('Done.', { usage }));
  const claudeDir = join(dir, 'home', '.claude');
  mkdirSync(claudeDir, { recursive: true });
  writeFileSync(join(claudeDir, 'CLAUDE.md'), '# Memory\nAnswer briefly.\n');
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
  const request = async <T = unknown>(name: string, params: unknown): Promise<T> => {
    const response: HostResponse = await connection.request(name, params);
    if (!response.ok) throw new Error(response.error);
    return response.result as T;
  };
  const done = () =>
    messages.some(
      (m) => m.name === 'agentEvents' && m.payload.events.some((e) => e.type === 'done'),
    );
  const state = () =>
    messages.findLast((m) => m.name === 'agentState')?.payload as
      { state: { state: string } } | undefined;
  return { request, done, state };
}

async function turn() {
  const c = client();
  await c.request('openAgent', { agentId: 'a1', cwd: project });
  await until(() => c.state()?.state.state === 'ready', 'the session is ready');
  await c.request('sendAgentMessage', { agentId: 'a1', text: 'hello' });
  await until(c.done, 'the turn ends');
  return c;
}

describe('"Context usage" and "Usage" through the host, with the real CLI', () => {
  it('shows what fills the window in categories that add up to it', async () => {
    const c = await turn();
    const usage = await c.request<ContextUsage>('contextUsage', { agentId: 'a1' });
    const window = usage.categories.filter((category) => category.kind !== 'deferred');
    expect(window.reduce((n, category) => n + category.tokens, 0)).toBe(usage.maxTokens);
    expect(
      window.filter((c) => c.kind === 'used').reduce((n, category) => n + category.tokens, 0),
    ).toBe(usage.totalTokens);
    expect(window.map((category) => category.name)).toEqual(
      expect.arrayContaining([
        'System prompt',
        'System tools',
        'Memory files',
        'Messages',
        'Autocompact buffer',
        'Free space',
      ]),
    );
    expect(usage.totalTokens).toBe(50_000);
    expect(usage.memoryFiles.map((file) => file.path)).toEqual([
      join(dir, 'home', '.claude', 'CLAUDE.md'),
    ]);
    expect(usage.autoCompactThreshold).toBeGreaterThan(usage.totalTokens);
  });

  it('adds up what the session spent from its transcript, and says the API key has no plan limits', async () => {
    const c = await turn();
    const live = await c.request<{
      plan: { available: boolean; windows: unknown[] } | null;
      planUnavailable: string | null;
    }>('usage', { agentId: 'a1' });
    expect(live.plan).toEqual({ subscription: null, available: false, windows: [] });
    // The CLI records the cost when its process ends.
    await c.request('closeAgent', { agentId: 'a1' });
    type Table = {
      days: unknown[];
      projects: unknown[];
      sessions: number;
      sessionsWithoutCost: number;
    };
    const ask = () =>
      c.request<{ table: Table; plan: unknown; planUnavailable: string }>('usage', {
        agentId: null,
      });
    let answer = await ask();
    for (
      let tries = 0;
      answer.table.sessionsWithoutCost > 0 || answer.table.sessions === 0;
      tries++
    ) {
      if (tries > 100) throw new Error('the session’s cost was never recorded');
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await ask();
    }
    const { table, plan, planUnavailable } = answer;
    expect(plan).toBeNull();
    expect(planUnavailable).toMatch(/open an agent block/);
    const spent = {
      sessions: 1,
      inputTokens: 30_000,
      outputTokens: 500,
      cacheReadTokens: 20_000,
      cacheCreationTokens: 0,
      costUsd: expect.any(Number),
    };
    expect(table.projects).toEqual([{ key: project, ...spent }]);
    expect(table.days).toEqual([{ key: localDay(Date.now()), ...spent }]);
    expect((table.projects[0] as { costUsd: number }).costUsd).toBeGreaterThan(0);
  });
});
