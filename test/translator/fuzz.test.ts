import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/shared/agent-event';
import { ClaudeTranslator } from '../../src/main/agent/claude-translator';
import { parseFrame } from '../../src/main/agent/parse-frame';
import { joinLines, splitLines, translateBytes } from './transcript';

/** Every AgentEvent type, exactly: the compiler checks this against the union both ways. */
const EVENT_TYPES: Record<AgentEvent['type'], true> = {
  assistant_text: true,
  thinking: true,
  tool_use: true,
  tool_result: true,
  permission_request: true,
  elicitation_request: true,
  messages_retracted: true,
  permission_cancelled: true,
  permission_answered: true,
  cost: true,
  error: true,
  done: true,
  compaction_boundary: true,
  session_started: true,
  status: true,
  user_message: true,
  command_output: true,
  notice: true,
  rate_limit: true,
  subagent: true,
  background_tasks: true,
  conversation_reset: true,
  message_aborted: true,
  api_retry: true,
  model_fallback: true,
  slash_commands: true,
  models: true,
  context_usage: true,
  prompt_suggestion: true,
  prompt_state: true,
};

const DIR = join(__dirname, '..', 'conformance', 'recordings');
const transcripts = readdirSync(DIR)
  .filter((f) => f.endsWith('.jsonl'))
  .map((f) => readFileSync(join(DIR, f)));
const realFrames = transcripts.flatMap((t) => splitLines(t)).map((l) => JSON.parse(l) as unknown);

const FRAME_TYPES = [
  'system',
  'stream_event',
  'assistant',
  'user',
  'result',
  'control_request',
  'control_response',
  'control_cancel_request',
  'rate_limit_event',
  'keep_alive',
  'command_lifecycle',
  'prompt_suggestion',
];

/** A frame of a known type whose every field may hold anything. */
const randomFrame = fc.record(
  {
    type: fc.constantFrom(...FRAME_TYPES),
    subtype: fc.oneof(
      fc.constantFrom('init', 'status', 'compact_boundary', 'task_started'),
      fc.anything(),
    ),
    event: fc.record(
      {
        type: fc.constantFrom(
          'message_start',
          'content_block_start',
          'content_block_delta',
          'content_block_stop',
        ),
        index: fc.oneof(fc.nat(3), fc.anything()),
        delta: fc.oneof(
          fc.record({
            type: fc.constantFrom('text_delta', 'input_json_delta', 'thinking_delta'),
            text: fc.anything(),
            partial_json: fc.string(),
          }),
          fc.anything(),
        ),
        content_block: fc.oneof(
          fc.record({
            type: fc.constantFrom('text', 'tool_use', 'thinking'),
            id: fc.string(),
            name: fc.anything(),
          }),
          fc.anything(),
        ),
        message: fc.anything(),
      },
      { requiredKeys: [] },
    ),
    message: fc.oneof(
      fc.record({ id: fc.string(), model: fc.string(), content: fc.anything() }),
      fc.anything(),
    ),
    request: fc.anything(),
    compact_metadata: fc.anything(),
    usage: fc.anything(),
    result: fc.anything(),
    is_error: fc.anything(),
    isReplay: fc.boolean(),
    parent_tool_use_id: fc.oneof(fc.constant(null), fc.string(), fc.anything()),
  },
  { requiredKeys: ['type'] },
);

/** A real frame with one value somewhere inside it replaced (or removed). */
const mutatedFrame = fc
  .tuple(
    fc.nat(realFrames.length - 1),
    fc.array(fc.nat(), { maxLength: 6 }),
    fc.anything(),
    fc.boolean(),
  )
  .map(([pick, path, replacement, remove]) => {
    const frame = structuredClone(realFrames[pick]) as Record<string, unknown>;
    let node: unknown = frame;
    for (let depth = 0; depth < path.length; depth++) {
      if (typeof node !== 'object' || node === null) break;
      const keys = Object.keys(node);
      if (keys.length === 0) break;
      const key = keys[path[depth]! % keys.length]!;
      const container = node as Record<string, unknown>;
      if (
        depth === path.length - 1 ||
        typeof container[key] !== 'object' ||
        container[key] === null
      ) {
        if (remove) delete container[key];
        else container[key] = replacement;
        break;
      }
      node = container[key];
    }
    return frame;
  });

const anyLine = fc.oneof(
  fc.string(),
  fc.json(),
  randomFrame.map((f) => JSON.stringify(f)),
  mutatedFrame.map((f) => JSON.stringify(f)),
);

describe('translator fuzzing', () => {
  it('never throws on random and mutated frames, and every event has a known shape', () => {
    fc.assert(
      fc.property(fc.array(anyLine, { maxLength: 40 }), (lines) => {
        const translator = new ClaudeTranslator();
        for (const line of lines) {
          expect(() => parseFrame(line)).not.toThrow();
          for (const event of translator.pushLine(line)) {
            expect(Object.hasOwn(EVENT_TYPES, event.type), event.type).toBe(true);
            expect(() => JSON.stringify(event)).not.toThrow();
          }
        }
        translator.end();
      }),
      { numRuns: 3000 },
    );
  });

  it('never throws on random bytes in random chunks', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 4096 }),
        fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1 }),
        (bytes, sizes) => {
          translateBytes(Buffer.from(bytes), sizes);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('translates a well-formed transcript after garbage exactly as on its own', () => {
    const garbageLine = fc
      .oneof(
        fc.string(),
        fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b).toString('latin1')),
      )
      .map((s) => s.replace(/[\r\n]/g, ' '))
      .filter((s) => !s.trimStart().startsWith('{'));
    fc.assert(
      fc.property(
        fc.nat(transcripts.length - 1),
        fc.array(garbageLine, { maxLength: 20 }),
        fc.integer({ min: 1, max: 5000 }),
        (pick, garbage, chunk) => {
          const transcript = transcripts[pick]!;
          const expected = translateBytes(transcript);
          const noisy = Buffer.concat([joinLines(garbage), transcript]);
          expect(translateBytes(noisy, [chunk])).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** The fields each known frame type cannot do without (what the frames stage checks). */
const REQUIRED: Record<string, string[]> = {
  result: ['subtype', 'is_error'],
  control_request: [
    'request_id',
    'request',
    'request.subtype',
    'request.tool_name',
    'request.input',
  ],
  control_response: ['response', 'response.request_id', 'response.subtype'],
  control_cancel_request: ['request_id'],
  stream_event: ['event', 'event.type'],
  'stream_event/message_start': ['event.message', 'event.message.id'],
  'stream_event/content_block_start': [
    'event.index',
    'event.content_block',
    'event.content_block.type',
    'event.content_block.id',
    'event.content_block.name',
    'event.content_block.input',
  ],
  'stream_event/content_block_delta': [
    'event.index',
    'event.delta',
    'event.delta.type',
    'event.delta.text',
    'event.delta.partial_json',
  ],
  'stream_event/content_block_stop': ['event.index'],
  assistant: [
    'message',
    'message.id',
    'message.model',
    'message.content',
    'message.content.0',
    'message.content.0.type',
    'message.content.0.text',
    'message.content.0.name',
    'message.content.0.input',
  ],
  user: ['message', 'message.content.0.type', 'message.content.0.tool_use_id'],
  system: ['subtype'],
};

function at(value: unknown, path: string[]): { found: boolean; value: unknown } {
  let node = value;
  for (const key of path) {
    if (typeof node !== 'object' || node === null || !(key in node)) {
      return { found: false, value: undefined };
    }
    node = (node as Record<string, unknown>)[key];
  }
  return { found: true, value: node };
}

/** Every (real frame, required field it has) pair in the recordings. */
const breakable = realFrames.flatMap((frame) => {
  const { type, event } = frame as { type: string; event?: { type: string } };
  const fields = [...(REQUIRED[type] ?? []), ...(REQUIRED[`${type}/${event?.type}`] ?? [])];
  return fields
    .map((p) => p.split('.'))
    .filter((path) => at(frame, path).found)
    .map((path) => ({ frame, path }));
});

const shapeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** A real frame of a known type with one required field removed or given a value of another type. */
const brokenFrame = fc
  .tuple(fc.nat(breakable.length - 1), fc.option(fc.anything(), { nil: undefined }))
  .filter(([pick, replacement]) => {
    const { frame, path } = breakable[pick]!;
    return replacement === undefined || shapeOf(replacement) !== shapeOf(at(frame, path).value);
  })
  .map(([pick, replacement]) => {
    const { frame, path } = breakable[pick]!;
    const copy = structuredClone(frame) as Record<string, unknown>;
    const parent = at(copy, path.slice(0, -1)).value as Record<string, unknown>;
    const key = path.at(-1)!;
    if (replacement === undefined) delete parent[key];
    else parent[key] = replacement;
    return copy;
  });

const kinds = (events: AgentEvent[]) => events.map((e) => e.type);

describe('malformed frames of a known type', () => {
  it('are invalid, yield no event and never throw', () => {
    fc.assert(
      fc.property(brokenFrame, (frame) => {
        const line = JSON.stringify(frame);
        expect(parseFrame(line)).toMatchObject({ kind: 'invalid' });
        expect(new ClaudeTranslator().pushLine(line)).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it('never end a turn, add a cost, or make the next frame’s text show twice', () => {
    const streamed = [
      { type: 'stream_event', event: { type: 'message_start', message: { id: 'm1' } } },
      {
        type: 'stream_event',
        event: { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      },
      {
        type: 'stream_event',
        event: {
          type: 'content_block_delta',
          index: 0,
          delta: { type: 'text_delta', text: 'hello' },
        },
      },
    ];
    const complete = {
      type: 'assistant',
      message: { id: 'm1', model: 'm', content: [{ type: 'text', text: 'hello' }] },
    };
    const result = { type: 'result', subtype: 'success', is_error: false, total_cost_usd: 1 };
    fc.assert(
      fc.property(fc.array(brokenFrame, { minLength: 1, maxLength: 8 }), (broken) => {
        const translator = new ClaudeTranslator();
        const events = [...streamed, ...broken, complete, result].flatMap((f) =>
          translator.pushLine(JSON.stringify(f)),
        );
        expect(kinds(events)).toEqual(['assistant_text', 'cost', 'done']);
        expect(events.at(-1)).toEqual({ type: 'done', response: 'hello' });
      }),
      { numRuns: 1000 },
    );
  });
});
