import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RECORDINGS_DIR } from '#test/conformance/record';
import { parseFrame } from './parse-frame';
import { MAX_NESTING_DEPTH, mayNestDeeperThan, nestsDeeperThan } from './nesting-depth';

const line = (value: unknown) => JSON.stringify(value);

/** `{"a":{"a":…}}` nested `depth` levels, built as text: JSON.stringify itself would overflow. */
function nestedObject(depth: number): string {
  return '{"a":'.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1);
}

describe('parseFrame', () => {
  it('classifies each frame type into the typed fields the translator reads', () => {
    expect(
      parseFrame('{"type":"system","subtype":"init","session_id":"s","model":"m"}'),
    ).toMatchObject({
      kind: 'system',
      subtype: 'init',
    });
    expect(
      parseFrame(
        line({
          type: 'stream_event',
          event: {
            type: 'content_block_delta',
            index: 0,
            delta: { type: 'text_delta', text: 'hi' },
          },
        }),
      ),
    ).toEqual({
      kind: 'stream_event',
      event: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'hi' } },
      parent_tool_use_id: null,
    });
    expect(parseFrame('{"type":"stream_event","event":{"type":"message_stop"}}')).toEqual({
      kind: 'stream_event',
      event: { type: 'other', event_type: 'message_stop' },
      parent_tool_use_id: null,
    });
    expect(
      parseFrame(
        line({
          type: 'assistant',
          message: {
            id: 'm1',
            model: 'x',
            content: [
              { type: 'text', text: 'a' },
              { type: 'tool_use', id: 't', name: 'Bash', input: {} },
              { type: 'image', source: {} },
            ],
          },
          parent_tool_use_id: 'p',
        }),
      ),
    ).toEqual({
      kind: 'assistant',
      id: 'm1',
      model: 'x',
      content: [
        { type: 'text', text: 'a' },
        { type: 'tool_use', id: 't', name: 'Bash', input: {} },
        { type: 'other', block_type: 'image' },
      ],
      parent_tool_use_id: 'p',
      usage: null,
      aborted: false,
      uuid: null,
      supersedes: [],
    });
    expect(
      parseFrame('{"type":"result","subtype":"success","result":"r","is_error":false}'),
    ).toMatchObject({ kind: 'result', subtype: 'success', result: 'r', is_error: false });
    expect(parseFrame('{"type":"user","message":{"content":"x"},"isReplay":true}')).toEqual({
      kind: 'user',
      content: 'x',
      is_replay: true,
      parent_tool_use_id: null,
      uuid: null,
    });
    expect(parseFrame('{"type":"user","message":{"content":"x"},"uuid":"u-1"}')).toMatchObject({
      uuid: 'u-1',
    });
    expect(
      parseFrame(
        line({
          type: 'control_request',
          request_id: 'q1',
          request: { subtype: 'can_use_tool', tool_name: 'Bash', input: { command: 'ls' } },
        }),
      ),
    ).toEqual({
      kind: 'control_request',
      request_id: 'q1',
      subtype: 'can_use_tool',
      permission: { tool_name: 'Bash', input: { command: 'ls' }, suggestions: [] },
      elicitation: null,
    });
    expect(
      parseFrame(line({ type: 'control_request', request_id: 'h', request: { subtype: 'hook' } })),
    ).toEqual({
      kind: 'control_request',
      request_id: 'h',
      subtype: 'hook',
      permission: null,
      elicitation: null,
    });
    expect(parseFrame('{"type":"keep_alive"}')).toEqual({ kind: 'keep_alive' });
    expect(parseFrame('{"type":"brand_new"}')).toEqual({ kind: 'other', type_name: 'brand_new' });
    expect(parseFrame('{"no_type":1}')).toEqual({ kind: 'other', type_name: '' });
  });

  it('calls anything that is not a JSON object malformed, without throwing', () => {
    for (const text of [
      '',
      '   ',
      'warning: foo',
      '{"a":',
      '[1,2]',
      '42',
      'null',
      '"s"',
      '\x1b[0m',
    ]) {
      expect(parseFrame(text)).toEqual({ kind: 'malformed' });
    }
  });

  it('calls a known type without its required fields, or with wrong types, invalid', () => {
    const cases: [unknown, string][] = [
      [{ type: 'result', is_error: false }, 'subtype'],
      [{ type: 'result', subtype: 'success' }, 'is_error'],
      [{ type: 'result', subtype: 5, result: {}, is_error: 'yes' }, 'subtype'],
      [
        { type: 'result', subtype: 'success', is_error: false, total_cost_usd: '1' },
        'total_cost_usd',
      ],
      [{ type: 'system' }, 'subtype'],
      [{ type: 'stream_event' }, 'event'],
      [{ type: 'stream_event', event: { type: 'content_block_delta', delta: {} } }, 'event.index'],
      [{ type: 'stream_event', event: { type: 'message_start', message: {} } }, 'event.message.id'],
      [{ type: 'assistant' }, 'message'],
      [{ type: 'assistant', message: { id: 'm', model: 'x', content: 'str' } }, 'message.content'],
      [
        { type: 'assistant', message: { id: 'm', model: 'x', content: [{ text: 'a' }] } },
        'content block type',
      ],
      [
        { type: 'assistant', message: { id: 'm', model: 'x', content: [] }, parent_tool_use_id: 3 },
        'parent_tool_use_id',
      ],
      [{ type: 'user', message: { content: [{ type: 'tool_result' }] } }, 'tool_use_id'],
      [{ type: 'control_cancel_request' }, 'request_id'],
      [{ type: 'control_response', response: { subtype: 'success' } }, 'request_id'],
      [{ type: 'rate_limit_event' }, 'rate_limit_info'],
      [{ type: 'rate_limit_event', rate_limit_info: { resetsAt: 1 } }, 'rate_limit_info.status'],
      // A system subtype the translator reads, without what it reads.
      [{ type: 'system', subtype: 'init', model: 'm' }, 'session_id'],
      [{ type: 'system', subtype: 'status' }, 'status'],
      [{ type: 'system', subtype: 'compact_boundary' }, 'compact_metadata'],
      [{ type: 'system', subtype: 'task_started' }, 'task_id'],
      [{ type: 'system', subtype: 'background_tasks_changed', tasks: {} }, 'tasks'],
      [{ type: 'system', subtype: 'api_retry', attempt: 2 }, 'max_retries'],
      [{ type: 'system', subtype: 'model_fallback' }, 'fallback_model'],
    ];
    for (const [value, field] of cases) {
      const frame = parseFrame(line(value));
      expect(frame, line(value)).toMatchObject({ kind: 'invalid', request_id: null });
      expect(frame.kind === 'invalid' && frame.problem, line(value)).toContain(field);
    }
  });

  it('keeps an assistant message whose optional fields are missing or of another shape', () => {
    // What shows the message and dedupes it is there; the model name, usage and the rest are not.
    const frame = parseFrame(
      line({
        type: 'assistant',
        message: { id: 'm', content: [{ type: 'text', text: 'hi' }], usage: 'n/a' },
        aborted: 'no',
        uuid: 7,
        supersedes: {},
      }),
    );
    expect(frame).toEqual({
      kind: 'assistant',
      id: 'm',
      model: null,
      content: [{ type: 'text', text: 'hi' }],
      parent_tool_use_id: null,
      usage: null,
      aborted: false,
      uuid: null,
      supersedes: [],
    });
    // Without an id it could show twice (streamed, then complete): still invalid.
    expect(
      parseFrame(line({ type: 'assistant', message: { content: [{ type: 'text', text: 'x' }] } })),
    ).toMatchObject({ kind: 'invalid', type_name: 'assistant' });
  });

  it('keeps the request id of an invalid control request, so the CLI can still be answered', () => {
    expect(parseFrame(line({ type: 'control_request', request: {} }))).toMatchObject({
      kind: 'invalid',
      request_id: null,
    });
    expect(
      parseFrame(
        line({ type: 'control_request', request_id: 'q', request: { subtype: 'can_use_tool' } }),
      ),
    ).toEqual({
      kind: 'invalid',
      type_name: 'control_request',
      problem: 'request.tool_name is missing or of the wrong type',
      request_id: 'q',
    });
  });

  it('calls a frame nested deeper than the bound invalid, and one at the bound valid', () => {
    const deep = `{"type":"assistant","message":{"id":"m","model":"x","content":[{"type":"tool_use","id":"t","name":"N","input":${nestedObject(5000)}}]}}`;
    expect(parseFrame(deep)).toEqual({
      kind: 'invalid',
      type_name: 'assistant',
      problem: `nested deeper than ${MAX_NESTING_DEPTH} levels`,
      request_id: null,
    });
    const arrays = `{"type":"control_request","request_id":"q","request":{"subtype":"can_use_tool","tool_name":"N","input":{"a":${'['.repeat(5000)}${']'.repeat(5000)}}}}`;
    expect(parseFrame(arrays)).toMatchObject({ kind: 'invalid', request_id: 'q' });
    // The frame, its message, content, the block and input are 5 of the levels.
    const atBound = `{"type":"assistant","message":{"id":"m","model":"x","content":[{"type":"tool_use","id":"t","name":"N","input":${nestedObject(MAX_NESTING_DEPTH - 4)}}]}}`;
    expect(parseFrame(atBound)).toMatchObject({ kind: 'assistant' });
  });

  it('measures a frame past the bound in objects and arrays mixed, whichever it opens more of', () => {
    // 101 objects and 101 arrays: neither kind alone goes past the bound, together they do.
    const mixed = '[{"a":'.repeat(101) + '1' + '}]'.repeat(101);
    const deep = `{"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":"t","content":${mixed}}]}}`;
    expect(parseFrame(deep)).toMatchObject({ kind: 'invalid', type_name: 'user' });
  });

  it('keeps a shallow frame whose text holds more brackets than the bound', () => {
    const code = 'if (a) { run([b]); }\n'.repeat(MAX_NESTING_DEPTH);
    expect(
      parseFrame(
        line({
          type: 'assistant',
          message: { id: 'm', content: [{ type: 'text', text: code }] },
        }),
      ),
    ).toMatchObject({ kind: 'assistant', content: [{ type: 'text', text: code }] });
  });
});

describe('mayNestDeeperThan', () => {
  const pad = 'x'.repeat(10_000);

  it('clears a text too short or with too few brackets to nest past the bound', () => {
    expect(mayNestDeeperThan('['.repeat(MAX_NESTING_DEPTH) + ']'.repeat(MAX_NESTING_DEPTH))).toBe(
      false,
    );
    // The frame's own object and array, and MAX_NESTING_DEPTH - 2 objects in it.
    const atBound = `{"text":"${pad}","list":[${'{},'.repeat(MAX_NESTING_DEPTH - 3)}{}]}`;
    expect(mayNestDeeperThan(atBound)).toBe(false);
    expect(mayNestDeeperThan(atBound.replace('[', '[{},'))).toBe(true);
    expect(mayNestDeeperThan(nestedObject(MAX_NESTING_DEPTH + 1))).toBe(true);
  });

  it('counts objects, arrays and brackets inside strings alike', () => {
    expect(mayNestDeeperThan('[{"a":'.repeat(101) + '1' + '}]'.repeat(101))).toBe(true);
    // The frame's own object, and the brackets of its text.
    expect(mayNestDeeperThan(JSON.stringify({ text: '{['.repeat(100), pad }))).toBe(true);
    expect(mayNestDeeperThan(JSON.stringify({ text: '{['.repeat(99) + '{', pad }))).toBe(false);
  });
});

describe('nestsDeeperThan', () => {
  it('counts objects and arrays alike, scalars not at all', () => {
    expect(nestsDeeperThan('x', 0)).toBe(false);
    expect(nestsDeeperThan({}, 0)).toBe(true);
    expect(nestsDeeperThan({}, 1)).toBe(false);
    expect(nestsDeeperThan({ a: [1, { b: 'c' }] }, 2)).toBe(true);
    expect(nestsDeeperThan({ a: [1, { b: 'c' }] }, 3)).toBe(false);
    expect(nestsDeeperThan(JSON.parse(nestedObject(100_000)), 200)).toBe(true);
  });
});

describe('parseFrame: how the CLI asks for a permission', () => {
  const ask = (request: Record<string, unknown>) =>
    parseFrame(
      line({
        type: 'control_request',
        request_id: 'q',
        request: { subtype: 'can_use_tool', tool_name: 'Bash', input: {}, ...request },
      }),
    );

  it('carries the subagent’s id and the display name from the recorded subagent request', () => {
    const recorded = readFileSync(join(RECORDINGS_DIR, 'subagent.jsonl'), 'utf8')
      .split('\n')
      .find((text) => text.includes('"can_use_tool"'))!;
    const frame = parseFrame(recorded);
    expect(frame.kind === 'control_request' && frame.permission).toMatchObject({
      tool_name: 'Bash',
      display_name: 'Bash',
      agent_id: expect.stringMatching(/^a[0-9a-f]+$/),
      tool_use_id: 'toolu_fake_0002',
    });
  });

  it('reads title, decision_reason without terminal colours, and the two flags', () => {
    const frame = ask({
      title: 'Run a risky command?',
      decision_reason: '\u001b[1mRule\u001b[22m \u001b[33mBash(rm:*)\u001b[39m asks ',
      suppress_always_allow_rule: true,
      default_to_no: true,
    });
    expect(frame.kind === 'control_request' && frame.permission).toMatchObject({
      title: 'Run a risky command?',
      decision_reason: 'Rule Bash(rm:*) asks',
      suppress_always_allow_rule: true,
      default_to_no: true,
    });
  });

  it('leaves false flags and empty texts out, and refuses a flag of the wrong type', () => {
    const frame = ask({ default_to_no: false, title: '', decision_reason: '\u001b[0m' });
    expect(frame.kind === 'control_request' && Object.keys(frame.permission!)).toEqual([
      'tool_name',
      'input',
      'suggestions',
    ]);
    expect(ask({ default_to_no: 'yes' })).toMatchObject({
      kind: 'invalid',
      request_id: 'q',
      problem: 'request.default_to_no is missing or of the wrong type',
    });
  });
});
