import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { elicitMcpConfig } from '../support/elicit-mcp';
import { textReply } from '../support/fake-anthropic';
import { openSession, type Harness } from './harness';

/**
 * What the pinned CLI answers to the requests behind "Context usage" and "Usage"
 * (docs/protocol.md, "Context usage and usage"): the fields Tether reads, as it sends them.
 */
describe('get_context_usage and get_usage on the real CLI', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  // Usage the API reports for each reply: the CLI counts the conversation from it.
  const usage = { input_tokens: 30_000, output_tokens: 500, cache_read_input_tokens: 20_000 };
  const open = () =>
    openSession('pipe', () => textReply('Done.', { usage }), {
      extraArgs: ['--mcp-config', JSON.stringify(elicitMcpConfig())],
      prepareHome: (home) => {
        mkdirSync(join(home, '.claude'), { recursive: true });
        writeFileSync(join(home, '.claude', 'CLAUDE.md'), '# Memory\nAnswer briefly.\n');
      },
    });

  it('breaks the window into categories that add up to it, with the memory files and MCP tools', async () => {
    h = await open();
    h.session.send('hello');
    await h.waitForEvent('done');
    const answer = await h.session.controlRequest({ subtype: 'get_context_usage' });
    const categories = answer['categories'] as {
      id: string;
      name: string;
      tokens: number;
      kind: string;
    }[];
    expect(categories.map((c) => [c.id, c.name, c.kind])).toEqual(
      expect.arrayContaining([
        ['system_prompt', 'System prompt', 'used'],
        ['system_tools', 'System tools', 'used'],
        ['memory_files', 'Memory files', 'used'],
        ['messages', 'Messages', 'used'],
        ['autocompact_buffer', 'Autocompact buffer', 'buffer'],
        ['free_space', 'Free space', 'free'],
      ]),
    );
    for (const c of categories) expect(c.tokens).toBeGreaterThanOrEqual(0);
    const sum = (kinds: string[]) =>
      categories.filter((c) => kinds.includes(c.kind)).reduce((n, c) => n + c.tokens, 0);
    // Deferred tools are outside the window until used; the rest is the window, exactly.
    expect(sum(['used', 'buffer', 'free'])).toBe(answer['maxTokens']);
    expect(sum(['used'])).toBe(answer['totalTokens']);
    // In use: the last request's input, its cached part included (not its output).
    expect(answer['totalTokens']).toBe(50_000);
    expect(answer['maxTokens']).toBeGreaterThanOrEqual(200_000);
    expect(answer['isAutoCompactEnabled']).toBe(true);
    expect(answer['autoCompactThreshold']).toBeLessThan(answer['maxTokens'] as number);
    expect(answer['memoryFiles']).toEqual([
      { path: join(h.home, '.claude', 'CLAUDE.md'), type: 'User', tokens: expect.any(Number) },
    ]);
    expect(answer['mcpTools']).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'mcp__elicit__ask_details', serverName: 'elicit' }),
      ]),
    );
    expect(typeof answer['model']).toBe('string');
  });

  it('reports no plan limits with an API key, and the session’s own cost', async () => {
    h = await open();
    h.session.send('hello');
    await h.waitForEvent('done');
    const answer = await h.session.controlRequest({ subtype: 'get_usage', skip_behaviors: true });
    expect(answer).toMatchObject({
      subscription_type: null,
      rate_limits_available: false,
      rate_limits: null,
      behaviors: null,
      session: { total_cost_usd: expect.any(Number), model_usage: expect.any(Object) },
    });
    expect((answer['session'] as { total_cost_usd: number }).total_cost_usd).toBeGreaterThan(0);
  });
});
