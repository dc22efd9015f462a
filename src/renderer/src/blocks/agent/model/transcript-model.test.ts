import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../../shared/agent-event';
import { translateRecording } from '#test/translator/transcript';
import { CostTracker } from './cost-tracker';
import { TranscriptModel, type ToolItem } from './transcript-model';

const text = (value: string, parent: string | null = null): AgentEvent => ({
  type: 'assistant_text',
  text: value,
  parent_tool_use_id: parent,
});

const toolUse = (id: string, name: string, parent: string | null = null): AgentEvent => ({
  type: 'tool_use',
  id,
  name,
  input: { command: 'ls' },
  parent_tool_use_id: parent,
});

const result = (id: string, content: unknown, parent: string | null = null): AgentEvent => ({
  type: 'tool_result',
  tool_use_id: id,
  content,
  is_error: false,
  parent_tool_use_id: parent,
});

function fold(...batches: AgentEvent[][]): TranscriptModel {
  const model = new TranscriptModel(new CostTracker());
  for (const batch of batches) model.apply(batch);
  return model;
}

describe('TranscriptModel', () => {
  it('joins consecutive text of one author across batches, and starts anew after anything else', () => {
    const model = fold(
      [text('Hel'), text('lo')],
      [text(' world')],
      [toolUse('t1', 'Bash'), text('After')],
    );
    expect(model.items.map((item) => item.kind)).toEqual(['assistant', 'tool', 'assistant']);
    expect(model.items[0]).toMatchObject({ text: 'Hello world' });
    expect(model.items[2]).toMatchObject({ text: 'After' });
  });

  it('keeps one reply in one item when events that show nothing come between its deltas', () => {
    // A reply's status and its prompt's state can arrive mid-stream: split there, the first
    // characters showed as a paragraph of their own and stayed so after the turn.
    const reply = (value: string, message_id = 'msg_1'): AgentEvent => ({
      type: 'assistant_text',
      text: value,
      parent_tool_use_id: null,
      message_id,
    });
    const model = fold(
      [reply('Se'), { type: 'status', status: 'responding' }],
      [{ type: 'prompt_state', uuid: 'u1', state: 'completed' }, reply('ntence one.')],
      [{ type: 'context_usage', tokens: 10, window: 200_000 }, reply(' Two.')],
      [toolUse('t1', 'Bash'), reply('After the tool.')],
    );
    expect(model.items.map((item) => item.kind)).toEqual(['assistant', 'tool', 'assistant']);
    expect(model.items[0]).toMatchObject({ text: 'Sentence one. Two.' });
    expect(model.items[2]).toMatchObject({ text: 'After the tool.' });
    // Another message's text is another item, even with nothing shown between them.
    const two = fold([reply('One.'), { type: 'status', status: null }, reply('Two.', 'msg_2')]);
    expect(two.items.map((item) => (item.kind === 'assistant' ? item.text : item.kind))).toEqual([
      'One.',
      'Two.',
    ]);
  });

  it('shows Tether’s own notices about the block as notes', () => {
    const model = fold([
      { type: 'notice', level: 'warning', text: 'Tether cannot save this transcript (ENOSPC).' },
    ]);
    expect(model.items).toMatchObject([
      { kind: 'note', text: 'Tether cannot save this transcript (ENOSPC).' },
    ]);
  });

  it('shows the CLI’s notices (billing, a setting it ignored) as notes', () => {
    const model = fold([
      { type: 'cli_notice', level: 'warning', text: 'You are now using extra usage credits.' },
    ]);
    expect(model.items).toMatchObject([
      { kind: 'note', text: 'You are now using extra usage credits.' },
    ]);
  });

  it('shows prompts the CLI joined once: the joined echo replaces the first one’s', () => {
    const said = (text: string, uuid: string): AgentEvent => ({ type: 'user_message', text, uuid });
    const model = fold(
      [said('first', 'u0'), text('Reply.')],
      [said('Then say hi', 'u1')],
      [said('Then say hi\nAnd bye', 'u2'), text('Hi and bye.')],
      // The same words again in a later turn are a prompt of their own.
      [said('Then say hi\nAnd bye\nagain', 'u3')],
    );
    expect(model.items.map((item) => (item.kind === 'user' ? item.text : item.kind))).toEqual([
      'first',
      'assistant',
      'Then say hi\nAnd bye',
      'assistant',
      'Then say hi\nAnd bye\nagain',
    ]);
    expect(model.items[2]).toMatchObject({ uuid: 'u2' });
  });

  it('keeps thinking apart from the text that follows it', () => {
    const model = fold([
      { type: 'thinking', text: 'Let me see', parent_tool_use_id: null },
      text('Answer'),
    ]);
    expect(model.items).toMatchObject([
      { kind: 'thinking', text: 'Let me see' },
      { kind: 'assistant', text: 'Answer' },
    ]);
  });

  it('attaches a result to its tool card, even in a later batch', () => {
    const model = fold([toolUse('t1', 'Bash')], [result('t1', 'file.txt')]);
    expect(model.items).toHaveLength(1);
    expect(model.items[0]).toMatchObject({
      kind: 'tool',
      id: 't1',
      name: 'Bash',
      result: { content: 'file.txt', is_error: false },
    });
  });

  it('nests a subagent’s events under the Agent tool that started it (recorded session)', () => {
    const model = fold(translateRecording('subagent'));
    const agent = model.items.find((item): item is ToolItem => item.kind === 'tool')!;
    expect(agent.name).toBe('Agent');
    expect(agent.subagent).toMatchObject({
      status: 'completed',
      description: 'List the files',
      summary: 'Subagent report: the directory holds seed.txt.',
    });
    expect(agent.children).toMatchObject([
      { kind: 'tool', name: 'Bash', result: { content: 'seed.txt', is_error: false } },
    ]);
    expect(agent.result).toBeDefined();
    expect(model.items.map((item) => item.kind)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
      'turn_cost',
    ]);
  });

  it('gives changed items, and the lists above them, a new identity; leaves others as they were', () => {
    const model = fold([text('first'), toolUse('task', 'Task'), toolUse('inner', 'Bash', 'task')]);
    const [firstText, task] = model.items;
    const rootBefore = model.items;
    model.apply([result('inner', 'ok', 'task')]);
    expect(model.items).not.toBe(rootBefore);
    expect(model.items[0]).toBe(firstText);
    expect(model.items[1]).not.toBe(task);
    expect((task as ToolItem).children[0]).not.toHaveProperty('result');
    expect((model.items[1] as ToolItem).children[0]).toMatchObject({ result: { content: 'ok' } });
  });

  it('marks a turn that a finished background task or subagent started, not the user', () => {
    const usage = {
      input_tokens: 1,
      output_tokens: 1,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    };
    const ended: AgentEvent = { type: 'cost', cost_usd: 0.01, usage };
    const model = fold(
      [{ type: 'user_message', text: 'build it in the background' }, text('Started it.'), ended],
      [
        { type: 'subagent', task_id: 'b1', status: 'completed', task_type: 'local_bash' },
        text('The build passed.'),
        ended,
      ],
      [
        { type: 'user_message', text: 'now review it' },
        text('Asked a reviewer.'),
        ended,
        {
          type: 'subagent',
          task_id: 'a1',
          status: 'completed',
          task_type: 'local_agent',
          description: 'Review the build',
        },
        text('The reviewer is done.'),
        ended,
      ],
      [{ type: 'user_message', text: 'thanks' }, text('Welcome.'), ended],
    );
    const read = model.items.flatMap((item) =>
      item.kind === 'note' || item.kind === 'assistant' ? [item.text] : [],
    );
    expect(read).toEqual([
      'Started it.',
      'Task b1: completed',
      'Started by a finished background task',
      'The build passed.',
      'Asked a reviewer.',
      'Task Review the build: completed',
      'Started by a finished subagent: Review the build',
      'The reviewer is done.',
      'Welcome.',
    ]);
  });

  it('turns running cost totals into per-turn costs, also across a restarted process', () => {
    const usage = {
      input_tokens: 100,
      output_tokens: 10,
      cache_creation_input_tokens: 5,
      cache_read_input_tokens: 50,
    };
    const costs = new CostTracker();
    const model = new TranscriptModel(costs);
    model.apply([
      { type: 'cost', cost_usd: 0.5, usage, context_window: 200_000 },
      { type: 'cost', cost_usd: 0.75, usage },
      { type: 'cost', cost_usd: 0.1, usage, context_tokens: 120 },
    ]);
    expect(model.items.map((item) => item.kind === 'turn_cost' && item.cost_usd)).toEqual([
      0.5, 0.25, 0.1,
    ]);
    expect(model.items[0]).toMatchObject({ input_tokens: 155, output_tokens: 10 });
    expect(costs.current).toMatchObject({
      cost_usd: 0.85,
      input_tokens: 465,
      output_tokens: 30,
      context_tokens: 120,
      context_window: 200_000,
    });
  });

  it('shows compaction as a divider with its counts, and the context shrinks to what is left', () => {
    const costs = new CostTracker();
    const model = new TranscriptModel(costs);
    model.apply(translateRecording('compact'));
    expect(model.items.find((item) => item.kind === 'compaction')).toMatchObject({
      trigger: 'manual',
      pre_tokens: 152,
      post_tokens: 2621,
    });
    expect(model.items.find((item) => item.kind === 'output')).toMatchObject({ text: 'Compacted' });
    expect(costs.current.context_tokens).toBe(2621);
  });

  it('shows errors and rate-limit warnings, and ignores event types it does not know', () => {
    const model = fold([
      { type: 'future_thing', detail: 1 } as unknown as AgentEvent,
      { type: 'rate_limit', status: 'allowed', utilization: 0.1 },
      { type: 'rate_limit', status: 'allowed_warning', utilization: 0.9 },
      { type: 'error', message: 'API Error: 500', subtype: 'error_during_execution' },
    ]);
    expect(model.items).toMatchObject([
      { kind: 'rate_limit', status: 'allowed_warning', utilization: 0.9 },
      { kind: 'error', message: 'API Error: 500' },
    ]);
  });

  it('folds 100,000 streamed events in one batch quickly and into few items', () => {
    const events: AgentEvent[] = [];
    for (let turn = 0; turn < 1_000; turn++) {
      events.push({ type: 'user_message', text: `prompt ${turn}` });
      for (let delta = 0; delta < 98; delta++) events.push(text(`w${delta} `));
      events.push(toolUse(`t${turn}`, 'Read'));
    }
    const started = performance.now();
    const model = fold(events);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(model.items).toHaveLength(3_000);
  });

  it('starts a new card when a finished tool’s id comes again (a log spanning several sessions)', () => {
    const model = fold(
      [toolUse('t1', 'Bash'), result('t1', 'first')],
      [toolUse('t1', 'Read'), result('t1', 'second')],
    );
    expect(model.items).toMatchObject([
      { kind: 'tool', name: 'Bash', result: { content: 'first' } },
      { kind: 'tool', name: 'Read', result: { content: 'second' } },
    ]);
    expect(new Set(model.items.map((item) => item.key)).size).toBe(2);
  });
});
