import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/shared/agent-event';
import { SYSTEM_SUBTYPES } from '../../src/main/agent/system-frames';
import { parseFrame } from '../../src/main/agent/parse-frame';
import { recordScenario } from '../conformance/record';
import { ELICITED, PLAIN_TEXT, SCENARIOS } from '../conformance/scenarios';
import { coalesceText, joinLines, splitLines, translateBytes } from './transcript';

const DIR = join(__dirname, '..', 'conformance', 'recordings');
const recordings = readdirSync(DIR)
  .filter((f) => f.endsWith('.jsonl'))
  .map((f) => ({ name: f.replace(/\.jsonl$/, ''), bytes: readFileSync(join(DIR, f)) }));

const GARBAGE = [
  '',
  'Warning: something the CLI printed on stderr',
  '\x1b[?25h\x1b[0m',
  '{"type":',
  '[1,2,3]',
  'null',
  '\ufffd\ufffd binary \u0000 junk',
];

function of<T extends AgentEvent['type']>(events: AgentEvent[], type: T) {
  return events.filter((e): e is AgentEvent & { type: T } => e.type === type);
}

/** What must hold for any transcript, whatever the scenario. */
function checkInvariants(events: AgentEvent[]): void {
  const used = new Set<string>();
  for (const event of events) {
    if (event.type === 'tool_use') {
      expect(used.has(event.id), `tool_use ${event.id} emitted twice`).toBe(false);
      used.add(event.id);
    }
    if (event.type === 'tool_result') {
      expect(used.has(event.tool_use_id), `result of ${event.tool_use_id} before its use`).toBe(
        true,
      );
    }
  }
  const thinking = of(events, 'thinking')
    .map((e) => e.text)
    .join('');
  const text = of(events, 'assistant_text')
    .map((e) => e.text)
    .join('');
  if (thinking.length > 8) expect(text).not.toContain(thinking);
  // Every turn ends with its cost, then exactly one of done / error.
  events.forEach((e, i) => {
    if (e.type === 'cost') expect(['done', 'error']).toContain(events[i + 1]?.type);
  });
}

/** What each scenario's transcript must translate to. */
const EXPECT: Record<string, (events: AgentEvent[]) => void> = {
  'plain-text': (events) => {
    expect(
      of(events, 'assistant_text')
        .map((e) => e.text)
        .join(''),
    ).toBe(PLAIN_TEXT);
    expect(of(events, 'done')).toEqual([{ type: 'done', response: PLAIN_TEXT }]);
  },
  'tool-allowed': (events) => {
    expect(of(events, 'tool_use')[0]).toMatchObject({
      name: 'Bash',
      input: { command: 'echo hi > made.txt' },
    });
    expect(of(events, 'permission_request')).toHaveLength(1);
    expect(of(events, 'tool_result')[0]?.is_error).toBe(false);
    expect(of(events, 'done')).toHaveLength(1);
  },
  'tool-denied': (events) => {
    expect(of(events, 'tool_result')[0]?.is_error).toBe(true);
    expect(of(events, 'done')).toHaveLength(1);
  },
  'parallel-tools': (events) => {
    expect(of(events, 'tool_use')).toHaveLength(2);
    expect(of(events, 'permission_request')).toHaveLength(2);
    expect(of(events, 'tool_result').map((e) => e.is_error)).toEqual([false, false]);
  },
  write: (events) => {
    expect(of(events, 'tool_use')[0]).toMatchObject({ name: 'Write' });
    expect(of(events, 'tool_use')[0]?.input['file_path']).toMatch(/hello\.txt$/);
    expect(of(events, 'tool_result')).toHaveLength(1);
  },
  thinking: (events) => {
    expect(of(events, 'thinking').length).toBeGreaterThan(0);
    expect(of(events, 'assistant_text').length).toBeGreaterThan(0);
  },
  'api-error': (events) => {
    expect(of(events, 'error')).toEqual([
      { type: 'error', subtype: 'api_error', message: expect.stringContaining('API Error: 400') },
    ]);
    expect(of(events, 'assistant_text')).toEqual([]);
    expect(of(events, 'done')).toEqual([]);
  },
  'max-turns': (events) => {
    expect(of(events, 'error')).toEqual([
      { type: 'error', subtype: 'error_max_turns', message: 'Reached maximum number of turns (1)' },
    ]);
  },
  interrupt: (events) => {
    expect(of(events, 'error')).toEqual([
      {
        type: 'error',
        subtype: 'error_during_execution',
        message: 'Interrupted: the turn was stopped before it finished.',
      },
    ]);
    // The partial reply is marked as cut off.
    expect(of(events, 'message_aborted')).toEqual([
      { type: 'message_aborted', parent_tool_use_id: null },
    ]);
    expect(events.at(-1)).toEqual({ type: 'done', response: 'ok' });
  },
  // A prompt with priority "now" cut the reply: the CLI ends that turn (a success with the text
  // so far, or an interruption) and answers the prompt in a turn of its own.
  steer: (events) => {
    expect(of(events, 'message_aborted')).toEqual([
      { type: 'message_aborted', parent_tool_use_id: null },
    ]);
    expect(of(events, 'user_message').map((e) => e.text)).toEqual([
      'Tell me a long story.',
      'Shorter, please.',
    ]);
    const steered = of(events, 'user_message')[1]!.uuid;
    expect(
      of(events, 'prompt_state')
        .filter((e) => e.uuid === steered)
        .map((e) => e.state),
    ).toEqual(['queued', 'started', 'completed']);
    expect(of(events, 'done').at(-1)).toEqual({ type: 'done', response: 'A short one.' });
  },
  'two-turns': (events) => {
    expect(of(events, 'session_started')).toHaveLength(1);
    expect(of(events, 'done')).toHaveLength(2);
    const costs = of(events, 'cost').map((e) => e.cost_usd);
    expect(costs[1]).toBeGreaterThan(costs[0]!);
  },
  // Two processes, one after the other: each announces its session, the second answers from
  // the history --resume gave it; a fork announces a new session id.
  resume: (events) => {
    expect(new Set(of(events, 'session_started').map((e) => e.session_id)).size).toBe(1);
    expect(of(events, 'done').map((e) => e.response)).toEqual([
      'I will remember it.',
      'The word was kiwi.',
    ]);
  },
  fork: (events) => {
    expect(new Set(of(events, 'session_started').map((e) => e.session_id)).size).toBe(2);
    expect(of(events, 'done').at(-1)?.response).toBe('The word was kiwi.');
  },
  compact: (events) => {
    expect(of(events, 'compaction_boundary')).toEqual([
      expect.objectContaining({ trigger: 'manual', pre_tokens: expect.any(Number) }),
    ]);
    expect(of(events, 'command_output')).toEqual([{ type: 'command_output', text: 'Compacted' }]);
  },
  subagent: (events) => {
    const agent = of(events, 'tool_use').find((e) => e.name === 'Agent')!;
    const nested = events.filter(
      (e) => 'parent_tool_use_id' in e && e.parent_tool_use_id === agent.id,
    );
    expect(nested.map((e) => e.type)).toEqual(expect.arrayContaining(['tool_use', 'tool_result']));
    expect(of(events, 'subagent').map((e) => e.status)).toContain('completed');
  },
  read: (events) => {
    expect(of(events, 'permission_request')).toEqual([]);
    const use = of(events, 'tool_use')[0]!;
    expect(use.name).toBe('Read');
    const [result] = of(events, 'tool_result');
    expect(result).toMatchObject({ tool_use_id: use.id, is_error: false });
    expect(String(result!.content)).toContain('alpha');
    expect(of(events, 'done')).toHaveLength(1);
  },
  'deny-interrupt': (events) => {
    expect(of(events, 'permission_request')).toHaveLength(1);
    expect(of(events, 'tool_result')).toMatchObject([{ is_error: true }]);
    expect(of(events, 'error')).toMatchObject([{ subtype: 'error_during_execution' }]);
    expect(of(events, 'done')).toEqual([]);
  },
  'subagent-background': (events) => {
    const agent = of(events, 'tool_use').find((e) => e.name === 'Agent')!;
    expect(of(events, 'subagent').map((e) => e.status)).toEqual(
      expect.arrayContaining(['started', 'completed']),
    );
    // The main turn ends while the subagent works; its report starts a second turn by itself.
    const done = of(events, 'done');
    expect(done).toHaveLength(2);
    const firstDone = events.indexOf(done[0]!);
    const nested = events.findIndex(
      (e) => e.type === 'tool_result' && e.parent_tool_use_id === agent.id,
    );
    expect(nested).toBeGreaterThan(firstDone);
  },
  // The task is announced, listed, stopped by our stop_task, and the list empties.
  'background-bash': (events) => {
    const bash = of(events, 'tool_use')[0]!;
    expect(bash.input['run_in_background']).toBe(true);
    const task = of(events, 'subagent');
    expect(task[0]).toMatchObject({
      status: 'started',
      task_type: 'local_bash',
      tool_use_id: bash.id,
    });
    expect(task.map((e) => e.status)).toEqual(expect.arrayContaining(['killed', 'stopped']));
    expect(task.find((e) => e.status === 'killed')?.ended_at).toEqual(expect.any(Number));
    const sets = of(events, 'background_tasks').map((e) => e.tasks.map((t) => t.task_id));
    expect(sets).toEqual([[task[0]!.task_id], []]);
    expect(of(events, 'done')).toHaveLength(1);
  },
  // /clear: the reset, then the next turn in a new session, the cleared turn's cost not carried.
  clear: (events) => {
    const reset = events.findIndex((e) => e.type === 'conversation_reset');
    expect(events[reset]).toEqual({ type: 'conversation_reset', trigger: 'clear' });
    const sessions = of(events, 'session_started');
    expect(sessions).toHaveLength(2);
    expect(events.indexOf(sessions[1]!)).toBeGreaterThan(reset);
    expect(of(events, 'cost').map((e) => e.cost_usd)[1]).toBe(0);
    expect(of(events, 'done').at(-1)?.response).toBe('I do not know the word.');
  },
  // /cost prints through a <synthetic> message and a successful result: output, not an error.
  'local-command': (events) => {
    const [output] = of(events, 'command_output');
    expect(output?.text).toMatch(/^Estimated cost: +\$0\.0007/);
    expect(of(events, 'error')).toEqual([]);
    expect(of(events, 'done')).toHaveLength(2);
  },
  'model-fallback': (events) => {
    expect(of(events, 'model_fallback')).toEqual([
      {
        type: 'model_fallback',
        from: 'claude-opus-5-5',
        to: 'claude-fallback-9',
        text: expect.stringMatching(/^Switched to claude-fallback-9 because/),
      },
    ]);
    expect(of(events, 'done')).toEqual([{ type: 'done', response: 'ok from the fallback' }]);
  },
  // An MCP server's form and URL asks arrive as elicitation_request, with what the dialog needs.
  elicitation: (events) => {
    const [form, url] = of(events, 'elicitation_request');
    expect(form).toMatchObject({
      server_name: 'elicit',
      mode: 'form',
      message: 'Please tell us about yourself.',
      property_order: ['name', 'email', 'age', 'subscribe', 'plan'],
      requested_schema: { type: 'object', required: ['name'] },
    });
    expect(url).toMatchObject({
      server_name: 'elicit',
      mode: 'url',
      url: 'https://example.com/consent',
      elicitation_id: 'consent-1',
    });
    expect(of(events, 'tool_result')[0]?.content).toEqual([
      { type: 'text', text: `ANSWER ${JSON.stringify({ action: 'accept', content: ELICITED })}` },
    ]);
    expect(of(events, 'done')).toEqual([{ type: 'done', response: 'Thanks, noted.' }]);
  },
  'permission-interrupt': (events) => {
    const request = of(events, 'permission_request')[0]!;
    expect(of(events, 'permission_cancelled')).toEqual([
      { type: 'permission_cancelled', request_id: request.request_id },
    ]);
  },
};

describe.each(recordings)('translator on the recorded transcript $name', ({ name, bytes }) => {
  const recorded = translateBytes(bytes);

  it('yields the events the scenario stands for', () => {
    expect(recorded.length).toBeGreaterThan(0);
    checkInvariants(recorded);
    EXPECT[name]?.(recorded);
  });

  it('yields the same events with \\r\\n endings in odd chunk sizes', () => {
    const crlf = joinLines(splitLines(bytes), '\r\n');
    expect(translateBytes(crlf, [1, 7, 3, 4093, 13, 65_536])).toEqual(recorded);
  });

  it('yields the same events with garbage lines between the frames', () => {
    const lines = splitLines(bytes).flatMap((line, i) => [GARBAGE[i % GARBAGE.length]!, line]);
    expect(translateBytes(joinLines(lines), [511])).toEqual(recorded);
  });

  it('yields the same events without partial messages (stream_event lines removed)', () => {
    const lines = splitLines(bytes).filter((l) => !l.startsWith('{"type":"stream_event"'));
    // A prompt's lifecycle comes when the CLI reads the prompt, which may be mid-reply (steer):
    // without the deltas that reply's text comes after it. So the two are compared apart.
    const apart = (events: AgentEvent[]) => [
      coalesceText(events.filter((e) => e.type !== 'prompt_state')),
      events.filter((e) => e.type === 'prompt_state'),
    ];
    expect(apart(translateBytes(joinLines(lines)))).toEqual(apart(recorded));
  });
});

// What the pinned CLI printed in all recordings is read, not left to the raw view: every line a
// frame of a known type, every system subtype one the translator reads, every control request
// one Tether serves (any other is answered with an error and counted).
it('handles every frame type, system subtype and control request in the recordings', () => {
  const unread = new Set<string>();
  for (const { name, bytes } of recordings) {
    for (const line of splitLines(bytes)) {
      if (!line.trim()) continue;
      const frame = parseFrame(line);
      if (frame.kind === 'other' || frame.kind === 'invalid' || frame.kind === 'malformed')
        unread.add(`${name}: ${frame.kind} ${line.slice(0, 80)}`);
      if (frame.kind === 'system' && !SYSTEM_SUBTYPES.has(frame.subtype))
        unread.add(`${name}: system/${frame.subtype}`);
      if (frame.kind === 'control_request' && !frame.permission && !frame.elicitation)
        unread.add(`${name}: control_request ${frame.subtype}`);
    }
  }
  expect([...unread]).toEqual([]);
});

it('has a recording and expectations for every scenario', () => {
  const scenarios = SCENARIOS.map((s) => s.name).sort();
  expect(recordings.map((r) => r.name).sort()).toEqual(scenarios);
  expect(Object.keys(EXPECT).sort()).toEqual(scenarios);
});

// The committed recordings must stay what the pinned CLI really prints: record every scenario
// again, live, and hold the fresh transcript to the same expectations.
describe('translator on transcripts recorded live from the pinned CLI', () => {
  it.each(SCENARIOS.map((s) => [s.name, s] as const))('%s', async (_name, scenario) => {
    const dir = mkdtempSync(join(tmpdir(), 'tether-live-'));
    try {
      const run = await recordScenario(scenario, join(dir, 'out.jsonl'));
      expect(run.problems).toEqual([]);
      const events = translateBytes(run.stdout);
      checkInvariants(events);
      EXPECT[scenario.name]?.(events);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
