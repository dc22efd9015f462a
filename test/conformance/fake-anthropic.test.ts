import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  errorReply,
  lastUserText,
  startFakeAnthropic,
  textReply,
  toolUseReply,
  type FakeAnthropic,
} from '../support/fake-anthropic';
import { recordScenario } from './record';
import { PLAIN_TEXT, scenarioByName, type Frame } from './scenarios';

interface Sse {
  event: string;
  data: Record<string, unknown>;
}

function parseSse(text: string): Sse[] {
  return text
    .split('\n\n')
    .filter((chunk) => chunk.trim().length > 0)
    .map((chunk) => {
      const event = /^event: (.*)$/m.exec(chunk)?.[1] ?? '';
      const data = /^data: (.*)$/m.exec(chunk)?.[1] ?? 'null';
      return { event, data: JSON.parse(data) as Record<string, unknown> };
    });
}

const body = (content: string, stream = true) =>
  JSON.stringify({
    model: 'claude-test',
    max_tokens: 100,
    stream,
    messages: [{ role: 'user', content }],
  });

describe('fake Anthropic Messages API', () => {
  let fake: FakeAnthropic | undefined;
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  it('streams a text reply as SSE, split into several deltas', async () => {
    fake = await startFakeAnthropic(() => textReply('Grüße, 世界 🎉', { chunks: 4 }));
    const res = await fetch(`${fake.url}/v1/messages?beta=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body('hi'),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const events = parseSse(await res.text());
    const kinds = events.map((e) => e.event);
    expect(kinds[0]).toBe('message_start');
    expect(kinds.slice(-2)).toEqual(['message_delta', 'message_stop']);
    for (const e of events) expect(e.data.type).toBe(e.event);
    const deltas = events
      .filter((e) => e.event === 'content_block_delta')
      .map((e) => e.data.delta as { type: string; text: string });
    expect(deltas).toHaveLength(4);
    expect(deltas.map((d) => d.text).join('')).toBe('Grüße, 世界 🎉');
    const stop = events.find((e) => e.event === 'message_delta')?.data.delta as {
      stop_reason: string;
    };
    expect(stop.stop_reason).toBe('end_turn');
    expect(fake.calls).toHaveLength(1);
    expect(lastUserText(fake.calls[0]!.body)).toBe('hi');
  });

  it('streams tool_use input as input_json_delta chunks and answers non-streaming calls', async () => {
    fake = await startFakeAnthropic(() =>
      toolUseReply([
        { name: 'Bash', input: { command: 'echo hi' } },
        { name: 'Read', input: { file_path: '/tmp/x' } },
      ]),
    );
    const streamed = parseSse(
      await (await fetch(`${fake.url}/v1/messages`, { method: 'POST', body: body('go') })).text(),
    );
    const starts = streamed.filter((e) => e.event === 'content_block_start');
    expect(starts.map((e) => (e.data.content_block as { name: string }).name)).toEqual([
      'Bash',
      'Read',
    ]);
    const json = streamed
      .filter((e) => e.event === 'content_block_delta' && e.data.index === 0)
      .map((e) => (e.data.delta as { partial_json: string }).partial_json);
    expect(json.length).toBeGreaterThan(1);
    expect(JSON.parse(json.join(''))).toEqual({ command: 'echo hi' });

    const plain = await fetch(`${fake.url}/v1/messages`, {
      method: 'POST',
      body: body('go', false),
    });
    const msg = (await plain.json()) as { content: Array<{ type: string }>; stop_reason: string };
    expect(msg.stop_reason).toBe('tool_use');
    expect(msg.content.map((b) => b.type)).toEqual(['tool_use', 'tool_use']);
  });

  it('answers an error reply, count_tokens, and 404 for anything else', async () => {
    const logged: string[] = [];
    fake = await startFakeAnthropic(() => errorReply(400, 'invalid_request_error', 'nope'), {
      log: (l) => logged.push(l),
    });
    const res = await fetch(`${fake.url}/v1/messages?beta=true`, {
      method: 'POST',
      body: body('hi'),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      type: 'error',
      error: { type: 'invalid_request_error', message: 'nope' },
    });

    const count = await fetch(`${fake.url}/v1/messages/count_tokens`, {
      method: 'POST',
      body: body('hi'),
    });
    expect(((await count.json()) as { input_tokens: number }).input_tokens).toBeGreaterThan(0);

    const other = await fetch(`${fake.url}/v1/other`);
    expect(other.status).toBe(404);
    expect(fake.unexpected.map((r) => r.path)).toEqual(['/v1/other']);
    expect(logged.join('\n')).toContain('/v1/other');
    expect(fake.requests).toHaveLength(3);
  });
});

describe('recordScenario against the real CLI', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tether-conformance-test-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('records plain-text: init, the scripted text, a result', { timeout: 90_000 }, async () => {
    const scenario = scenarioByName('plain-text')!;
    const out = path.join(dir, 'plain-text.jsonl');
    const r = await recordScenario(scenario, out, { timeoutMs: 60_000 });
    expect(r.problems).toEqual([]);
    expect(fs.readFileSync(out).equals(r.stdout)).toBe(true);
    const frames = fs
      .readFileSync(out, 'utf8')
      .split('\n')
      .filter((l) => l.length > 0)
      .map((l) => JSON.parse(l) as Frame);
    expect(frames.some((f) => f.type === 'system' && f.subtype === 'init')).toBe(true);
    const result = frames.find((f) => f.type === 'result');
    expect(result?.subtype).toBe('success');
    expect(result?.result).toBe(PLAIN_TEXT);
    expect(r.exitCode).toBe(0);
  });
});
