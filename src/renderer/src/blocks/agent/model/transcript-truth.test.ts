import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../../shared/agent-event';
import { translateRecording } from '#test/translator/transcript';
import { resultText } from './result-text';
import { RetryStatus } from './api-retry';
import { CostTracker } from './cost-tracker';
import { TranscriptModel } from './transcript-model';

function fold(events: AgentEvent[]) {
  const costs = new CostTracker();
  const model = new TranscriptModel(costs);
  model.apply(events);
  return { items: model.items, costs: costs.current };
}

describe('the transcript stays true (recorded from the pinned CLI)', () => {
  it('/clear: a divider, no $0 row for the command, and the figures count from zero', () => {
    const { items, costs } = fold(translateRecording('clear'));
    expect(items.map((i) => i.kind)).toEqual([
      'user',
      'assistant',
      'turn_cost',
      'divider',
      'user',
      'assistant',
      'turn_cost',
    ]);
    expect(items[3]).toMatchObject({ kind: 'divider', text: 'Conversation cleared' });
    // Only the turn after the clear: the one before cost as much again.
    const after = items[6]!;
    expect(after.kind === 'turn_cost' && after.cost_usd).toBe(costs.cost_usd);
    expect(costs.cost_usd).toBeCloseTo(0.00072, 8);
  });

  it('/cost: its output as printed, in an output row; no error, no $0 row', () => {
    const { items } = fold(translateRecording('local-command'));
    expect(items.map((i) => i.kind)).toEqual(['user', 'assistant', 'turn_cost', 'output']);
    const output = items[3]!;
    expect(output.kind === 'output' && output.text).toMatch(
      /^Estimated cost: +\$0\.0007\nTotal duration \(API\)/,
    );
  });

  it("a background agent's work after the turn ended shows in its Agent card, not below", () => {
    const { items } = fold(translateRecording('subagent-background'));
    const agent = items.findIndex((i) => i.kind === 'tool' && i.name === 'Agent');
    const firstTurnEnd = items.findIndex((i) => i.kind === 'turn_cost');
    expect(firstTurnEnd).toBeGreaterThan(agent);
    const card = items[agent]!;
    // The subagent's tool call and its result came after the first result, yet sit in the card.
    expect(card.kind === 'tool' && card.children.map((c) => c.kind)).toEqual(
      expect.arrayContaining(['tool']),
    );
    expect(card.kind === 'tool' && card.subagent?.status).toBe('completed');
    expect(items.slice(firstTurnEnd).some((i) => i.kind === 'tool')).toBe(false);
  });

  it('a reply cut off by an interrupt is marked where it stops; the next one is not', () => {
    const { items } = fold(translateRecording('interrupt'));
    const replies = items.filter((i) => i.kind === 'assistant');
    expect(replies.map((r) => r.aborted ?? false)).toEqual([true, false]);
    expect(replies[0]!.text).toMatch(/^Sentence 1 of a long story/);
  });

  it('a model fallback is a notice in the transcript, before the reply', () => {
    const { items } = fold(translateRecording('model-fallback'));
    const note = items.findIndex((i) => i.kind === 'note');
    expect(items[note]).toMatchObject({
      text: expect.stringMatching(/^Switched to claude-fallback-9 because/),
    });
    expect(items.findIndex((i) => i.kind === 'assistant')).toBeGreaterThan(note);
  });
});

describe('RetryStatus', () => {
  const retry = (attempt: number, extra: Partial<AgentEvent & { type: 'api_retry' }> = {}) =>
    ({ type: 'api_retry', attempt, max_retries: 10, ...extra }) as AgentEvent;

  it('says which attempt and why, until the reply comes', () => {
    const status = new RetryStatus();
    status.apply([retry(1, { error: 'overloaded', error_status: 529 })]);
    expect(status.current).toBe('Retrying 1/10 — overloaded');
    status.apply([retry(2, { error_status: 500 })]);
    expect(status.current).toBe('Retrying 2/10 — HTTP 500');
    status.apply([{ type: 'status', status: 'requesting' }]);
    expect(status.current).toBe('Retrying 2/10 — HTTP 500');
    status.apply([{ type: 'assistant_text', text: 'hi', parent_tool_use_id: null }]);
    expect(status.current).toBeNull();
  });

  it('ends with the turn when every retry failed', () => {
    const status = new RetryStatus();
    status.apply([retry(10, { error: 'rate_limit' })]);
    expect(status.current).toBe('Retrying 10/10 — rate limit');
    status.apply([{ type: 'error', message: 'API Error: 529', subtype: 'api_error' }]);
    expect(status.current).toBeNull();
  });
});

describe('tool results the CLI wraps for the model', () => {
  it('shows what is inside <tool_use_error> and <persisted-output>, never the tags', () => {
    expect(
      resultText('<tool_use_error>Error: No such tool available: TodoWrite</tool_use_error>'),
    ).toBe('Error: No such tool available: TodoWrite');
    const persisted =
      '<persisted-output>\nOutput too large (40.3KB). Full output saved to: /tmp/x.txt\n\nPreview (first 2KB):\nline 1\n</persisted-output>';
    expect(resultText([{ type: 'text', text: persisted }])).toBe(
      'Output too large (40.3KB). Full output saved to: /tmp/x.txt\n\nPreview (first 2KB):\nline 1',
    );
    // A tag inside other output is the output's own text.
    expect(resultText('grep found <tool_use_error>x</tool_use_error> in a.txt')).toBe(
      'grep found <tool_use_error>x</tool_use_error> in a.txt',
    );
  });
});
