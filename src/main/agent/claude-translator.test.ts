import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../shared/agent-event';
import { ClaudeTranslator } from './claude-translator';

type Frame = Record<string, unknown>;

function run(frames: (Frame | string)[], translator = new ClaudeTranslator()): AgentEvent[] {
  const events: AgentEvent[] = [];
  for (const f of frames) {
    events.push(...translator.pushLine(typeof f === 'string' ? f : JSON.stringify(f)));
  }
  events.push(...translator.end());
  return events;
}

const se = (event: Frame, parent: string | null = null): Frame => ({
  type: 'stream_event',
  event,
  parent_tool_use_id: parent,
});
const msgStart = (id: string, parent: string | null = null) =>
  se({ type: 'message_start', message: { id, role: 'assistant', content: [] } }, parent);
const blockStart = (index: number, block: Frame, parent: string | null = null) =>
  se({ type: 'content_block_start', index, content_block: block }, parent);
const delta = (index: number, d: Frame, parent: string | null = null) =>
  se({ type: 'content_block_delta', index, delta: d }, parent);
const textDelta = (index: number, text: string, parent: string | null = null) =>
  delta(index, { type: 'text_delta', text }, parent);
const jsonDelta = (index: number, partial_json: string) =>
  delta(index, { type: 'input_json_delta', partial_json });
const blockStop = (index: number, parent: string | null = null) =>
  se({ type: 'content_block_stop', index }, parent);
const assistant = (id: string, content: Frame[], parent: string | null = null, model = 'm') => ({
  type: 'assistant',
  message: { id, model, role: 'assistant', content },
  parent_tool_use_id: parent,
});
const toolResult = (tool_use_id: string, content: unknown, is_error = false) => ({
  type: 'user',
  message: { role: 'user', content: [{ type: 'tool_result', tool_use_id, content, is_error }] },
  parent_tool_use_id: null,
});
const result = (fields: Frame = {}) => ({
  type: 'result',
  subtype: 'success',
  is_error: false,
  total_cost_usd: 0.5,
  usage: {
    input_tokens: 10,
    output_tokens: 20,
    cache_creation_input_tokens: 3,
    cache_read_input_tokens: 4,
  },
  ...fields,
});
const types = (events: AgentEvent[]) => events.map((e) => e.type);

describe('ClaudeTranslator: text', () => {
  it('turns text_deltas of a text block into assistant_text, and Done carries the streamed text', () => {
    const events = run([
      msgStart('m1'),
      blockStart(0, { type: 'text', text: '' }),
      textDelta(0, 'Hel'),
      textDelta(0, 'lo ✓'),
      blockStop(0),
      se({ type: 'message_delta', delta: { stop_reason: 'end_turn' } }),
      se({ type: 'message_stop' }),
      result(),
    ]);
    expect(events).toEqual([
      { type: 'assistant_text', text: 'Hel', parent_tool_use_id: null, message_id: 'm1' },
      { type: 'assistant_text', text: 'lo ✓', parent_tool_use_id: null, message_id: 'm1' },
      {
        type: 'cost',
        cost_usd: 0.5,
        usage: {
          input_tokens: 10,
          output_tokens: 20,
          cache_creation_input_tokens: 3,
          cache_read_input_tokens: 4,
        },
      },
      { type: 'done', response: 'Hello ✓' },
    ]);
  });

  it('shows streamed text once although the complete assistant frame repeats it', () => {
    const events = run([
      msgStart('m1'),
      blockStart(0, { type: 'text', text: '' }),
      textDelta(0, 'once'),
      assistant('m1', [{ type: 'text', text: 'once' }]),
      blockStop(0),
      result({ result: 'once' }),
    ]);
    expect(events.filter((e) => e.type === 'assistant_text')).toEqual([
      { type: 'assistant_text', text: 'once', parent_tool_use_id: null, message_id: 'm1' },
    ]);
  });

  it('shows the text of complete frames when partial messages are off', () => {
    const events = run([
      assistant('m1', [{ type: 'text', text: 'first' }]),
      assistant('m1', [{ type: 'text', text: ' second' }]),
      result(),
    ]);
    expect(events.filter((e) => e.type !== 'cost')).toEqual([
      { type: 'assistant_text', text: 'first', parent_tool_use_id: null, message_id: 'm1' },
      { type: 'assistant_text', text: ' second', parent_tool_use_id: null, message_id: 'm1' },
      { type: 'done', response: 'first second' },
    ]);
  });

  it('prefers result.result for Done over the streamed text', () => {
    const events = run([
      msgStart('m1'),
      blockStart(0, { type: 'text' }),
      textDelta(0, 'streamed'),
      result({ result: 'final' }),
    ]);
    expect(events.at(-1)).toEqual({ type: 'done', response: 'final' });
  });

  it('ignores a delta for an index with no open block', () => {
    const events = run([msgStart('m1'), textDelta(3, 'lost'), jsonDelta(4, '{"a":1}'), result()]);
    expect(types(events)).toEqual(['cost', 'done']);
  });

  it('keeps thinking out of assistant_text, as thinking events', () => {
    const events = run([
      msgStart('m1'),
      blockStart(0, { type: 'thinking', thinking: '' }),
      delta(0, { type: 'thinking_delta', thinking: 'hmm' }),
      delta(0, { type: 'signature_delta', signature: 'sig' }),
      blockStop(0),
      blockStart(1, { type: 'text', text: '' }),
      textDelta(1, 'answer'),
      assistant('m1', [{ type: 'thinking', thinking: 'hmm' }]),
      assistant('m1', [{ type: 'text', text: 'answer' }]),
      result(),
    ]);
    expect(events.filter((e) => e.type !== 'cost')).toEqual([
      { type: 'thinking', text: 'hmm', parent_tool_use_id: null, message_id: 'm1' },
      { type: 'assistant_text', text: 'answer', parent_tool_use_id: null, message_id: 'm1' },
      { type: 'done', response: 'answer' },
    ]);
  });

  it('takes thinking from complete frames when partial messages are off', () => {
    const events = run([assistant('m1', [{ type: 'thinking', thinking: 'plan', signature: 's' }])]);
    expect(events).toEqual([
      { type: 'thinking', text: 'plan', parent_tool_use_id: null, message_id: 'm1' },
    ]);
  });
});

describe('ClaudeTranslator: tools', () => {
  it('accumulates input_json_delta and emits tool_use at content_block_stop', () => {
    const events = run([
      msgStart('m1'),
      blockStart(0, { type: 'tool_use', id: 't1', name: 'Bash', input: {} }),
      jsonDelta(0, '{"comm'),
      jsonDelta(0, 'and":"ls -l'),
      jsonDelta(0, 'a"}'),
      blockStop(0),
    ]);
    expect(events).toEqual([
      {
        type: 'tool_use',
        id: 't1',
        name: 'Bash',
        input: { command: 'ls -la' },
        parent_tool_use_id: null,
      },
    ]);
  });

  it('keeps the input of parallel tool_use blocks apart by index', () => {
    const events = run([
      msgStart('m1'),
      blockStart(1, { type: 'tool_use', id: 'a', name: 'Read', input: {} }),
      blockStart(2, { type: 'tool_use', id: 'b', name: 'Read', input: {} }),
      jsonDelta(1, '{"file_path":'),
      jsonDelta(2, '{"file_path":'),
      jsonDelta(2, '"/b"}'),
      jsonDelta(1, '"/a"}'),
      blockStop(2),
      blockStop(1),
    ]);
    expect(events.map((e) => e.type === 'tool_use' && [e.id, e.input])).toEqual([
      ['b', { file_path: '/b' }],
      ['a', { file_path: '/a' }],
    ]);
  });

  it('emits tool_use at the complete assistant frame, before a result that precedes content_block_stop', () => {
    const input = { command: 'echo hi > made.txt' };
    const events = run([
      msgStart('m1'),
      blockStart(0, { type: 'tool_use', id: 't1', name: 'Bash', input: {} }),
      jsonDelta(0, JSON.stringify(input)),
      assistant('m1', [{ type: 'tool_use', id: 't1', name: 'Bash', input }]),
      toolResult('t1', 'ok'),
      blockStop(0),
      result(),
    ]);
    expect(events.filter((e) => e.type === 'tool_use' || e.type === 'tool_result')).toEqual([
      { type: 'tool_use', id: 't1', name: 'Bash', input, parent_tool_use_id: null },
      {
        type: 'tool_result',
        tool_use_id: 't1',
        content: 'ok',
        is_error: false,
        parent_tool_use_id: null,
      },
    ]);
  });

  it('flushes an open tool_use when its result arrives first', () => {
    const events = run([
      msgStart('m1'),
      blockStart(0, { type: 'tool_use', id: 't1', name: 'Bash', input: {} }),
      jsonDelta(0, '{"command":"ls"}'),
      toolResult('t1', 'files'),
      blockStop(0),
    ]);
    expect(types(events)).toEqual(['tool_use', 'tool_result']);
  });

  it('emits tool_use from complete frames alone (no partial messages), once per id', () => {
    const use = { type: 'tool_use', id: 't1', name: 'Write', input: { file_path: 'a.txt' } };
    const events = run([assistant('m1', [use]), assistant('m1', [use]), toolResult('t1', 'done')]);
    expect(types(events)).toEqual(['tool_use', 'tool_result']);
  });

  it('reports tool_result content as given (string or blocks) and is_error', () => {
    const blocks = [{ type: 'text', text: 'denied' }];
    const events = run([toolResult('t1', blocks, true), toolResult('t2', 'fine')]);
    expect(events).toEqual([
      {
        type: 'tool_result',
        tool_use_id: 't1',
        content: blocks,
        is_error: true,
        parent_tool_use_id: null,
      },
      {
        type: 'tool_result',
        tool_use_id: 't2',
        content: 'fine',
        is_error: false,
        parent_tool_use_id: null,
      },
    ]);
  });

  it('extracts tool results from a stream_event message_start with role user, once', () => {
    const content = [{ type: 'tool_result', tool_use_id: 't9', content: 'x' }];
    const events = run([
      se({ type: 'message_start', message: { role: 'user', content } }),
      toolResult('t9', 'x'),
    ]);
    expect(events).toEqual([
      {
        type: 'tool_result',
        tool_use_id: 't9',
        content: 'x',
        is_error: false,
        parent_tool_use_id: null,
      },
    ]);
  });

  it('keeps input that is not valid JSON rather than losing it', () => {
    const events = run([
      msgStart('m1'),
      blockStart(0, { type: 'tool_use', id: 't1', name: 'Bash', input: {} }),
      jsonDelta(0, '{"command":'),
      blockStop(0),
    ]);
    expect(events[0]).toMatchObject({ type: 'tool_use', input: { unparsed_input: '{"command":' } });
  });

  it('keeps streamed input nested 5,000 levels as text, and a frame that deep yields nothing', () => {
    const deep = '{"a":'.repeat(4999) + '{}' + '}'.repeat(4999);
    const events = run([
      msgStart('m1'),
      blockStart(0, { type: 'tool_use', id: 't1', name: 'Bash', input: {} }),
      jsonDelta(0, deep.slice(0, 5000)),
      jsonDelta(0, deep.slice(5000)),
      blockStop(0),
      `{"type":"assistant","message":{"id":"m2","model":"m","content":[{"type":"tool_use","id":"t2","name":"N","input":${deep}}]}}`,
      assistant('m3', [{ type: 'text', text: 'still here' }]),
    ]);
    expect(events).toEqual([
      {
        type: 'tool_use',
        id: 't1',
        name: 'Bash',
        input: { unparsed_input: deep },
        parent_tool_use_id: null,
      },
      { type: 'assistant_text', text: 'still here', parent_tool_use_id: null, message_id: 'm3' },
    ]);
  });

  it('tags a subagent’s events with its parent_tool_use_id', () => {
    const events = run([
      assistant('m2', [{ type: 'text', text: 'sub says' }], 'task1'),
      assistant('m2', [{ type: 'tool_use', id: 's1', name: 'Read', input: {} }], 'task1'),
      {
        type: 'user',
        message: { content: [{ type: 'tool_result', tool_use_id: 's1', content: 'r' }] },
        parent_tool_use_id: 'task1',
      },
      result({ result: 'main' }),
    ]);
    expect(
      events.slice(0, 3).map((e) => 'parent_tool_use_id' in e && e.parent_tool_use_id),
    ).toEqual(['task1', 'task1', 'task1']);
    expect(events.at(-1)).toEqual({ type: 'done', response: 'main' });
  });
});

describe('ClaudeTranslator: results and errors', () => {
  it('reads cost_usd from older CLIs', () => {
    const events = run([result({ total_cost_usd: undefined, cost_usd: 0.25 })]);
    expect(events[0]).toMatchObject({ type: 'cost', cost_usd: 0.25 });
  });

  it('reports the context window of the session’s model', () => {
    const events = run([
      { type: 'system', subtype: 'init', session_id: 's', model: 'big' },
      result({ modelUsage: { small: { contextWindow: 1 }, big: { contextWindow: 200000 } } }),
    ]);
    expect(events.find((e) => e.type === 'cost')).toMatchObject({ context_window: 200000 });
  });

  it('emits cost then error for an error result', () => {
    const events = run([
      result({ is_error: true, subtype: 'error_during_execution', result: undefined }),
    ]);
    expect(types(events)).toEqual(['cost', 'error']);
    expect(events[1]).toMatchObject({ subtype: 'error_during_execution' });
    expect((events[1] as { message: string }).message).toMatch(/stopped/);
  });

  it('treats an error_max_turns result as an error with the CLI’s own words', () => {
    const events = run([
      result({
        subtype: 'error_max_turns',
        is_error: true,
        errors: ['Reached maximum number of turns (1)'],
      }),
    ]);
    expect(events[1]).toEqual({
      type: 'error',
      subtype: 'error_max_turns',
      message: 'Reached maximum number of turns (1)',
    });
  });

  it('says "Interrupted" for an aborted turn, hiding the CLI’s internal diagnostics', () => {
    const events = run([
      result({
        subtype: 'error_during_execution',
        is_error: true,
        terminal_reason: 'aborted_streaming',
        errors: ['[ede_diagnostic] result_type=user last_content_type=n/a stop_reason=null'],
      }),
    ]);
    expect(events[1]).toEqual({
      type: 'error',
      subtype: 'error_during_execution',
      message: 'Interrupted: the turn was stopped before it finished.',
    });
  });

  it('turns a <synthetic> API error into exactly one error event, never assistant text', () => {
    const text = 'API Error: 400 {"type":"error","error":{"message":"bad"}}';
    const events = run([
      assistant('x', [{ type: 'text', text }], null, '<synthetic>'),
      result({ is_error: true, result: text }),
    ]);
    expect(events.filter((e) => e.type !== 'cost')).toEqual([
      { type: 'error', message: text, subtype: 'api_error' },
    ]);
  });

  it('still reports a <synthetic> error whose result never came, at end of stream', () => {
    const events = run([
      assistant('x', [{ type: 'text', text: 'API Error' }], null, '<synthetic>'),
    ]);
    expect(events).toEqual([{ type: 'error', message: 'API Error', subtype: 'api_error' }]);
  });

  it('starts each turn afresh: text of one turn is not the next turn’s response', () => {
    const events = run([
      assistant('m1', [{ type: 'text', text: 'one' }]),
      result(),
      assistant('m2', [{ type: 'text', text: 'two' }]),
      result(),
    ]);
    expect(events.filter((e) => e.type === 'done')).toEqual([
      { type: 'done', response: 'one' },
      { type: 'done', response: 'two' },
    ]);
  });
});

describe('ClaudeTranslator: system, control and other frames', () => {
  it('emits compaction_boundary from snake_case and camelCase metadata', () => {
    expect(
      run([
        {
          type: 'system',
          subtype: 'compact_boundary',
          compact_metadata: {
            trigger: 'manual',
            pre_tokens: 120,
            post_tokens: 58,
            duration_ms: 14,
          },
        },
        {
          type: 'system',
          subtype: 'compact_boundary',
          compactMetadata: { trigger: 'auto', preTokens: 9000 },
        },
        { type: 'system', subtype: 'compact_boundary' },
        { type: 'system', subtype: 'compact_boundary', compact_metadata: { trigger: 1 } },
      ]),
    ).toEqual([
      {
        type: 'compaction_boundary',
        trigger: 'manual',
        pre_tokens: 120,
        post_tokens: 58,
        duration_ms: 14,
      },
      { type: 'compaction_boundary', trigger: 'auto', pre_tokens: 9000 },
    ]);
  });

  it('announces the session once across the per-turn init frames, again when the model changes', () => {
    const init = (model: string) => ({
      type: 'system',
      subtype: 'init',
      session_id: 's1',
      model,
      cwd: '/w',
      permissionMode: 'default',
      tools: ['Bash'],
      slash_commands: ['compact'],
    });
    const events = run([init('a'), init('a'), init('b')]);
    expect(events).toEqual([
      {
        type: 'session_started',
        session_id: 's1',
        model: 'a',
        cwd: '/w',
        permission_mode: 'default',
        tools: ['Bash'],
        slash_commands: ['compact'],
      },
      expect.objectContaining({ type: 'session_started', model: 'b' }),
    ]);
  });

  it('reports status, and discards other system subtypes', () => {
    expect(
      run([
        { type: 'system', subtype: 'status', status: 'compacting' },
        { type: 'system', subtype: 'status', status: null, permissionMode: 'plan' },
        { type: 'system', subtype: 'thinking_tokens', tokens: 5 },
        { type: 'system', subtype: 'hook_started' },
      ]),
    ).toEqual([
      { type: 'status', status: 'compacting' },
      { type: 'status', status: null, permission_mode: 'plan' },
    ]);
  });

  it('passes on the CLI’s informational notices (its own frame shape), skipping empty ones', () => {
    const notice = (content: unknown, level = 'notice') => ({
      type: 'system',
      subtype: 'informational',
      content,
      level,
      uuid: 'n1',
      session_id: 's1',
    });
    expect(
      run([
        notice('Your organization has run out of extra usage credits.', 'warning'),
        notice('  '),
        notice(42),
      ]),
    ).toEqual([
      {
        type: 'cli_notice',
        text: 'Your organization has run out of extra usage credits.',
        level: 'warning',
      },
    ]);
  });

  it('turns can_use_tool into permission_request with everything the dialog needs', () => {
    const suggestion = { type: 'addRules', destination: 'localSettings' };
    const events = run([
      {
        type: 'control_request',
        request_id: 'r1',
        request: {
          subtype: 'can_use_tool',
          tool_name: 'Bash',
          input: { command: 'rm x' },
          permission_suggestions: [suggestion],
          blocked_path: '/etc',
          tool_use_id: 't1',
          description: 'Remove x',
        },
      },
      { type: 'control_request', request_id: 'r2', request: { subtype: 'hook_callback' } },
      { type: 'control_cancel_request', request_id: 'r1' },
      { type: 'control_response', response: { subtype: 'success', request_id: 'mine' } },
    ]);
    expect(events).toEqual([
      {
        type: 'permission_request',
        request_id: 'r1',
        tool_name: 'Bash',
        input: { command: 'rm x' },
        suggestions: [suggestion],
        blocked_path: '/etc',
        tool_use_id: 't1',
        description: 'Remove x',
      },
      { type: 'permission_cancelled', request_id: 'r1' },
    ]);
  });

  it('turns an MCP server’s elicitation into elicitation_request, form and URL alike', () => {
    // As the pinned CLI sends them (recordings/elicitation.jsonl).
    const schema = {
      type: 'object',
      properties: { name: { type: 'string', title: 'Name', minLength: 2 } },
      required: ['name'],
    };
    const events = run([
      {
        type: 'control_request',
        request_id: 'e1',
        request: {
          subtype: 'elicitation',
          mcp_server_name: 'elicit',
          message: 'Please tell us about yourself.',
          mode: 'form',
          requested_schema: schema,
          property_order: ['name'],
        },
      },
      {
        type: 'control_request',
        request_id: 'e2',
        request: {
          subtype: 'elicitation',
          mcp_server_name: 'elicit',
          message: 'Please confirm on the consent page.',
          mode: 'url',
          url: 'https://example.com/consent',
          elicitation_id: 'consent-1',
          title: 'Consent',
        },
      },
      { type: 'control_cancel_request', request_id: 'e2' },
    ]);
    expect(events).toEqual([
      {
        type: 'elicitation_request',
        request_id: 'e1',
        server_name: 'elicit',
        message: 'Please tell us about yourself.',
        mode: 'form',
        requested_schema: schema,
        property_order: ['name'],
      },
      {
        type: 'elicitation_request',
        request_id: 'e2',
        server_name: 'elicit',
        message: 'Please confirm on the consent page.',
        mode: 'url',
        url: 'https://example.com/consent',
        elicitation_id: 'consent-1',
        title: 'Consent',
      },
      { type: 'permission_cancelled', request_id: 'e2' },
    ]);
  });

  it('treats replayed user messages as receipts, never as assistant text or tool results', () => {
    const events = run([
      {
        type: 'user',
        message: {
          role: 'user',
          content: [
            { type: 'text', text: 'do it' },
            { type: 'tool_result', tool_use_id: 'zz', content: 'no' },
          ],
        },
        isReplay: true,
        uuid: 'u-1',
      },
    ]);
    // The uuid is what rewinding the files and forking before the message name.
    expect(events).toEqual([{ type: 'user_message', text: 'do it', uuid: 'u-1' }]);
  });

  it('counts the images a replayed prompt carried, which its text does not show', () => {
    const image = {
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: 'AA==' },
    };
    const events = run([
      {
        type: 'user',
        message: { role: 'user', content: [image, image, { type: 'text', text: 'these?' }] },
        isReplay: true,
        uuid: 'u-2',
      },
    ]);
    expect(events).toEqual([{ type: 'user_message', text: 'these?', uuid: 'u-2', images: 2 }]);
  });

  it('shows what a local slash command printed as command output', () => {
    const events = run([
      {
        type: 'user',
        message: {
          role: 'user',
          content: '<local-command-stdout>Compacted </local-command-stdout>',
        },
        isReplay: true,
      },
    ]);
    expect(events).toEqual([{ type: 'command_output', text: 'Compacted' }]);
  });

  it('shows the echo of a slash command as the command line the user typed', () => {
    const echo = (name: string, args: string) => ({
      type: 'user',
      message: {
        role: 'user',
        content: `<command-name>${name}</command-name>\n            <command-message>${name.slice(1)}</command-message>\n            <command-args>${args}</command-args>`,
      },
      isReplay: true,
      uuid: 'u1',
    });
    expect(run([echo('/context', ''), echo('/model', 'opus')])).toEqual([
      { type: 'user_message', text: '/context', uuid: 'u1' },
      { type: 'user_message', text: '/model opus', uuid: 'u1' },
    ]);
  });

  it('surfaces rate limits and subagent task updates', () => {
    const events = run([
      {
        type: 'rate_limit_event',
        rate_limit_info: { status: 'allowed_warning', resetsAt: 1700, rateLimitType: 'five_hour' },
      },
      {
        type: 'system',
        subtype: 'task_started',
        task_id: 'k1',
        tool_use_id: 't1',
        description: 'Explore',
      },
      { type: 'system', subtype: 'task_notification', task_id: 'k1', status: 'completed' },
    ]);
    expect(events).toEqual([
      {
        type: 'rate_limit',
        status: 'allowed_warning',
        resets_at: 1700,
        rate_limit_type: 'five_hour',
      },
      {
        type: 'subagent',
        task_id: 'k1',
        status: 'started',
        tool_use_id: 't1',
        description: 'Explore',
      },
      { type: 'subagent', task_id: 'k1', status: 'completed' },
    ]);
  });

  it('yields nothing, and never throws, for unknown frames and malformed shapes', () => {
    const junk: (Frame | string)[] = [
      'not json',
      '{"type":',
      '[]',
      { type: 'keep_alive' },
      { type: 'brand_new_thing', x: 1 },
      { type: 'assistant', message: null },
      { type: 'assistant', message: { content: 'str' } },
      { type: 'assistant', message: { content: [null, 1, { type: 'tool_use' }] } },
      { type: 'user', message: { content: [{ type: 'tool_result' }] } },
      { type: 'stream_event', event: 'x' },
      { type: 'stream_event', event: { type: 'content_block_start', index: 'a' } },
      { type: 'stream_event', event: { type: 'content_block_stop', index: 0 } },
      { type: 'control_request', request: { subtype: 'can_use_tool' } },
      { type: 'system', subtype: 'task_started' },
      { type: 'rate_limit_event' },
    ];
    expect(run(junk)).toEqual([]);
  });
});

// No recording has these (through a custom base URL the pinned CLI does not retry): the frame as
// the CLI declares it, `system/api_retry` with attempt, max_retries, retry_delay_ms, error_status
// and error.
describe('api_retry', () => {
  it('says which attempt, of how many, and why', () => {
    const frame = {
      type: 'system',
      subtype: 'api_retry',
      attempt: 2,
      max_retries: 10,
      retry_delay_ms: 1200,
      error_status: 529,
      error: 'overloaded',
      session_id: 's',
      uuid: 'u',
    };
    expect(run([frame])).toEqual([
      {
        type: 'api_retry',
        attempt: 2,
        max_retries: 10,
        retry_delay_ms: 1200,
        error_status: 529,
        error: 'overloaded',
      },
    ]);
  });

  it('needs the attempt and the number of retries', () => {
    expect(run([{ type: 'system', subtype: 'api_retry', attempt: 2 }])).toEqual([]);
    expect(run([{ type: 'system', subtype: 'api_retry', attempt: 1, max_retries: 3 }])).toEqual([
      { type: 'api_retry', attempt: 1, max_retries: 3 },
    ]);
  });
});

describe('background tasks', () => {
  it('takes each background_tasks_changed as the whole set, skipping entries without an id', () => {
    const changed = (tasks: unknown[]) => ({
      type: 'system',
      subtype: 'background_tasks_changed',
      tasks,
    });
    expect(
      run([
        changed([{ task_id: 'a', task_type: 'local_bash', description: 'Build' }, { x: 1 }, 'b']),
        changed([]),
      ]),
    ).toEqual([
      {
        type: 'background_tasks',
        tasks: [{ task_id: 'a', task_type: 'local_bash', description: 'Build' }],
      },
      { type: 'background_tasks', tasks: [] },
    ]);
  });
});

describe('ClaudeTranslator: an assistant frame without its model name', () => {
  it('shows its text, once', () => {
    const translator = new ClaudeTranslator();
    const frame = assistant('msg_1', [{ type: 'text', text: 'The answer.' }]);
    delete (frame.message as Record<string, unknown>)['model'];
    const events = run([frame], translator);
    expect(events.filter((e) => e.type === 'assistant_text')).toEqual([
      {
        type: 'assistant_text',
        text: 'The answer.',
        message_id: 'msg_1',
        parent_tool_use_id: null,
      },
    ]);
  });
});
