import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/shared/agent-event';
import { ClaudeTranslator } from '../../src/main/agent/claude-translator';
import { parseFrame } from '../../src/main/agent/parse-frame';
import { isRecord } from '../../src/shared/is-record';
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
  cli_notice: true,
  slash_commands: true,
  models: true,
  context_usage: true,
  prompt_suggestion: true,
  prompt_state: true,
  mcp_failed: true,
};

const DIR = join(__dirname, '..', 'conformance', 'recordings');
const transcripts = readdirSync(DIR)
  .filter((f) => f.endsWith('.jsonl'))
  .map((f) => readFileSync(join(DIR, f)));
const realFrames = transcripts.flatMap((t) => splitLines(t)).map((l) => JSON.parse(l) as unknown);

/** The frame types Tether reads (the table of required fields below lists the same). */
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
  'conversation_reset',
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

type Frame = Record<string, unknown>;

/** `value[key]` when value is an object, else undefined. */
const get = (value: unknown, key: string): unknown => (isRecord(value) ? value[key] : undefined);

/**
 * The kinds a frame is of, most general first: its type; then `system/<subtype>`,
 * `result/<subtype>`, `control_request/<request.subtype>`, `control_response/<response.subtype>`,
 * `stream_event/<event.type>` (and `/<block type>` of a block start, `/<delta type>` of a delta),
 * `assistant/<block type>` and `user/<block type>` for each type of block its message holds
 * (`user/string` for a prompt given as text). A block kind's `*` stands for its blocks alone.
 */
function kindsOf(frame: Frame): { kind: string; blockType?: string }[] {
  const type = String(frame['type']);
  const kinds: { kind: string; blockType?: string }[] = [{ kind: type }];
  const sub = (...names: unknown[]) => kinds.push({ kind: [type, ...names.map(String)].join('/') });
  switch (type) {
    case 'system':
    case 'result':
      sub(frame['subtype']);
      break;
    case 'control_request':
      sub(get(frame['request'], 'subtype'));
      break;
    case 'control_response':
      sub(get(frame['response'], 'subtype'));
      break;
    case 'stream_event': {
      const event = frame['event'];
      const eventType = get(event, 'type');
      sub(eventType);
      if (eventType === 'content_block_start')
        sub(eventType, get(get(event, 'content_block'), 'type'));
      if (eventType === 'content_block_delta') sub(eventType, get(get(event, 'delta'), 'type'));
      break;
    }
    case 'assistant':
    case 'user': {
      const content = get(frame['message'], 'content');
      if (typeof content === 'string') sub('string');
      if (!Array.isArray(content)) break;
      for (const blockType of new Set(content.map((b) => String(get(b, 'type'))))) {
        kinds.push({ kind: `${type}/${blockType}`, blockType });
      }
    }
  }
  return kinds;
}

/**
 * What each kind of frame (see kindsOf) cannot do without: the frames stage (parse-frame.ts)
 * calls the frame invalid when one is missing or of another type, and nothing downstream sees it.
 * `*` is each block of the message; `:a|b` lists the types a field may have (else the type it has
 * in the recording); a field marked `?` may be left out (or null), but present must have its type. Every
 * kind the recordings hold needs an entry (checked below), so a new kind cannot go unfuzzed.
 */
const REQUIRED: Record<string, string[]> = {
  system: ['subtype'],
  'system/init': ['session_id', 'model'],
  'system/status': ['status:string|null'],
  'system/compact_boundary': [
    'compact_metadata',
    'compact_metadata.trigger',
    'compact_metadata.pre_tokens',
  ],
  'system/task_started': ['task_id'],
  'system/task_progress': ['task_id'],
  'system/task_updated': ['task_id'],
  'system/task_notification': ['task_id'],
  'system/background_tasks_changed': ['tasks'],
  'system/model_fallback': ['fallback_model'],
  'system/model_refusal_fallback': ['fallback_model', 'retracted_message_uuids'],
  'system/api_retry': ['attempt', 'max_retries'],
  'system/commands_changed': ['commands'],
  'system/thinking_tokens': [],
  'system/session_title_changed': [],
  result: ['subtype', 'is_error', '?total_cost_usd:number', '?usage:object', '?result:string'],
  'result/success': [],
  'result/error_during_execution': [],
  'result/error_max_turns': [],
  control_request: ['request_id', 'request', 'request.subtype'],
  'control_request/can_use_tool': [
    'request.tool_name',
    'request.input',
    '?request.permission_suggestions:array',
    '?request.tool_use_id:string',
    '?request.description:string',
    '?request.blocked_path:string',
    '?request.display_name:string',
    '?request.agent_id:string',
  ],
  'control_request/elicitation': [
    'request.mcp_server_name',
    'request.message',
    // Only in URL mode, where it is what the dialog opens.
    'request.url',
    '?request.mode:string',
    '?request.requested_schema:object',
    '?request.property_order:array',
    '?request.elicitation_id:string',
  ],
  control_response: ['response', 'response.request_id', 'response.subtype'],
  'control_response/success': [],
  'control_response/error': [],
  control_cancel_request: ['request_id'],
  command_lifecycle: ['command_uuid', 'state'],
  conversation_reset: [],
  rate_limit_event: ['rate_limit_info', 'rate_limit_info.status'],
  prompt_suggestion: ['suggestion'],
  keep_alive: [],
  stream_event: ['event', 'event.type', '?parent_tool_use_id:string'],
  'stream_event/message_start': ['event.message', 'event.message.id'],
  'stream_event/message_delta': [],
  'stream_event/message_stop': [],
  'stream_event/content_block_start': [
    'event.index',
    'event.content_block',
    'event.content_block.type',
  ],
  'stream_event/content_block_start/text': ['event.content_block.text'],
  'stream_event/content_block_start/thinking': ['event.content_block.thinking'],
  'stream_event/content_block_start/tool_use': [
    'event.content_block.id',
    'event.content_block.name',
    'event.content_block.input',
  ],
  'stream_event/content_block_delta': ['event.index', 'event.delta', 'event.delta.type'],
  'stream_event/content_block_delta/text_delta': ['event.delta.text'],
  'stream_event/content_block_delta/thinking_delta': ['event.delta.thinking'],
  'stream_event/content_block_delta/input_json_delta': ['event.delta.partial_json'],
  'stream_event/content_block_delta/signature_delta': [],
  'stream_event/content_block_stop': ['event.index'],
  // Its model, usage, uuid, `aborted` and `supersedes` only refine a message: see TOLERATED.
  assistant: [
    'message',
    'message.id',
    'message.content',
    'message.content.*',
    'message.content.*.type',
    '?parent_tool_use_id:string',
  ],
  'assistant/text': ['message.content.*.text'],
  'assistant/thinking': ['message.content.*.thinking'],
  'assistant/tool_use': [
    'message.content.*.id',
    'message.content.*.name',
    'message.content.*.input',
  ],
  user: [
    'message',
    'message.content:string|array',
    '?isReplay:boolean',
    '?parent_tool_use_id:string',
    '?uuid:string',
  ],
  'user/string': [],
  'user/text': ['message.content.*', 'message.content.*.type', 'message.content.*.text'],
  'user/tool_result': [
    'message.content.*',
    'message.content.*.type',
    'message.content.*.tool_use_id',
    '?message.content.*.is_error:boolean',
  ],
};

/**
 * Kinds Tether reads that no recording holds (docs/protocol.md says why), as the CLI sends them:
 * broken like the recorded ones.
 */
const UNRECORDED: Frame[] = [
  {
    type: 'rate_limit_event',
    rate_limit_info: {
      status: 'allowed_warning',
      resetsAt: 1796100000,
      rateLimitType: 'five_hour',
    },
    uuid: 'u1',
    session_id: 's1',
  },
  { type: 'prompt_suggestion', suggestion: 'Run the tests', uuid: 'u2', session_id: 's1' },
  { type: 'keep_alive' },
  {
    type: 'system',
    subtype: 'api_retry',
    attempt: 2,
    max_retries: 10,
    retry_delay_ms: 1200,
    error_status: 529,
    error: 'overloaded',
  },
  {
    type: 'system',
    subtype: 'commands_changed',
    commands: [{ name: 'review', description: 'Review the diff', argumentHint: '<pr>' }],
  },
  {
    type: 'system',
    subtype: 'model_refusal_fallback',
    original_model: 'claude-opus-5-5',
    fallback_model: 'claude-sonnet-5',
    content: 'Switched to claude-sonnet-5 after a refusal.',
    retracted_message_uuids: ['u-1'],
  },
  { type: 'system', subtype: 'session_title_changed', title: 'Fix the build' },
  {
    type: 'control_response',
    response: { subtype: 'error', request_id: 'r1', error: 'Unsupported control request subtype' },
  },
];

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

/** The places `path` names in `frame`, `*` as each block (of `blockType` alone, when given). */
function places(frame: Frame, path: string[], blockType?: string): string[][] {
  let found: string[][] = [[]];
  for (const key of path) {
    found = found.flatMap((prefix) => {
      if (key !== '*') return [[...prefix, key]];
      const blocks = at(frame, prefix).value;
      if (!Array.isArray(blocks)) return [];
      return blocks.flatMap((b: unknown, i) =>
        blockType === undefined || get(b, 'type') === blockType ? [[...prefix, String(i)]] : [],
      );
    });
  }
  return found.filter((place) => at(frame, place).found);
}

/** The type of a value as it reaches the frames stage, through JSON (NaN is null there). */
const shapeOf = (v: unknown): string => {
  const wire: unknown = JSON.parse(JSON.stringify(v) ?? 'null');
  return wire === null ? 'null' : Array.isArray(wire) ? 'array' : typeof wire;
};

interface Breakable {
  kind: string;
  spec: string;
  frame: Frame;
  path: string[];
  /** The types the field may have; any other breaks the frame. */
  shapes: Set<string>;
  /** Whether leaving it out is fine. */
  optional: boolean;
}

/** Every (frame, field the table says it cannot do without) pair, recorded and unrecorded. */
const breakable: Breakable[] = [...(realFrames as Frame[]), ...UNRECORDED].flatMap((frame) =>
  kindsOf(frame).flatMap(({ kind, blockType }) =>
    (REQUIRED[kind] ?? []).flatMap((spec) => {
      const optional = spec.startsWith('?');
      const [path, shapes] = spec.replace(/^\?/, '').split(':') as [string, string | undefined];
      return places(frame, path.split('.'), blockType).map((place) => {
        const allowed = new Set(shapes ? shapes.split('|') : [shapeOf(at(frame, place).value)]);
        // null is how the CLI leaves a field out as often as not.
        if (optional) allowed.add('null');
        return { kind, spec, frame, path: place, shapes: allowed, optional };
      });
    }),
  ),
);

/** The frame with the field at `path` removed (`replacement` undefined) or replaced. */
function broken(frame: Frame, path: string[], replacement: unknown): Frame {
  const copy = structuredClone(frame);
  const parent = at(copy, path.slice(0, -1)).value as Record<string, unknown>;
  const key = path.at(-1)!;
  if (replacement === undefined) delete parent[key];
  else parent[key] = replacement;
  return copy;
}

/** One of the kinds (each as likely as the others), then one of its fields, removed or replaced. */
const byKind = new Map<string, Breakable[]>();
for (const b of breakable) byKind.set(b.kind, [...(byKind.get(b.kind) ?? []), b]);
const brokenFrame = fc
  .tuple(fc.constantFrom(...byKind.keys()), fc.nat(), fc.option(fc.anything(), { nil: undefined }))
  .map(([kind, pick, replacement]) => {
    const ofKind = byKind.get(kind)!;
    return { target: ofKind[pick % ofKind.length]!, replacement };
  })
  .filter(({ target, replacement }) =>
    replacement === undefined ? !target.optional : !target.shapes.has(shapeOf(replacement)),
  )
  .map(({ target, replacement }) => broken(target.frame, target.path, replacement));

describe('the required-fields table', () => {
  const kindsIn = (frames: Frame[]) =>
    new Set(frames.flatMap((f) => kindsOf(f).map((k) => k.kind)));

  it('has an entry for every kind of frame in the recordings', () => {
    const recorded = [...kindsIn(realFrames as Frame[])];
    expect(recorded.filter((kind) => !Object.hasOwn(REQUIRED, kind))).toEqual([]);
  });

  it('lists only kinds some frame is of, and fields some frame has', () => {
    const known = kindsIn([...(realFrames as Frame[]), ...UNRECORDED]);
    expect(Object.keys(REQUIRED).filter((kind) => !known.has(kind))).toEqual([]);
    const used = new Set(breakable.map((b) => `${b.kind} ${b.spec}`));
    const specs = Object.entries(REQUIRED).flatMap(([kind, list]) =>
      list.map((s) => `${kind} ${s}`),
    );
    expect(specs.filter((spec) => !used.has(spec))).toEqual([]);
  });

  it('names the frame types the random frames take', () => {
    const types = Object.keys(REQUIRED).filter((kind) => !kind.includes('/'));
    expect(new Set(FRAME_TYPES)).toEqual(new Set(types));
  });

  it('leaves every frame it breaks valid as it is', () => {
    for (const frame of new Set(breakable.map((b) => b.frame))) {
      expect(parseFrame(JSON.stringify(frame)).kind, JSON.stringify(frame)).not.toBe('invalid');
    }
  });
});

const kinds = (events: AgentEvent[]) => events.map((e) => e.type);

/** Fields a frame may lack, or carry in another shape, and still show as it would. */
const TOLERATED: Record<string, string[][]> = {
  assistant: [['message', 'model'], ['message', 'usage'], ['uuid'], ['aborted'], ['supersedes']],
};

describe('frames whose optional fields are missing or odd', () => {
  it('still show what they hold: an assistant message is never dropped over its model name', () => {
    const shown = (realFrames as Frame[]).filter(
      (frame) =>
        frame['type'] === 'assistant' &&
        (frame['message'] as Frame)['model'] !== '<synthetic>' &&
        new ClaudeTranslator().pushLine(JSON.stringify(frame)).length > 0,
    );
    expect(shown.length).toBeGreaterThan(0);
    for (const frame of shown) {
      // What the message holds; `aborted` only adds a mark after it.
      const held = (line: string) =>
        kinds(new ClaudeTranslator().pushLine(line)).filter((kind) => kind !== 'message_aborted');
      const events = held(JSON.stringify(frame));
      for (const path of TOLERATED['assistant']!) {
        for (const replacement of [undefined, 42, 'text', {}]) {
          const line = JSON.stringify(broken(frame, path, replacement));
          expect(parseFrame(line).kind, line).toBe('assistant');
          expect(held(line), line).toEqual(events);
        }
      }
    }
  });
});

describe('malformed frames of a known type', () => {
  it('are invalid and yield no event: each field of each kind, removed or of another type', () => {
    const others = [42, 'text', true, null, [], {}];
    for (const { frame, path, shapes, optional } of breakable) {
      const replacements = [
        ...(optional ? [] : [undefined]),
        others.find((value) => !shapes.has(shapeOf(value))),
      ];
      for (const replacement of replacements) {
        const line = JSON.stringify(broken(frame, path, replacement));
        expect(parseFrame(line), line).toMatchObject({ kind: 'invalid' });
        expect(new ClaudeTranslator().pushLine(line), line).toEqual([]);
      }
    }
  });

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
