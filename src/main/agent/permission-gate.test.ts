import { describe, expect, it } from 'vitest';
import { classifyFrame } from './parse-frame';
import { PermissionGate } from './permission-gate';

function gate() {
  const written: Record<string, unknown>[] = [];
  const g = new PermissionGate((line) => {
    expect(line.endsWith('\n')).toBe(true);
    written.push(JSON.parse(line) as Record<string, unknown>);
  });
  return { g, written };
}

/** A control_request frame as the frames stage hands it over. */
function controlRequest(value: Record<string, unknown>) {
  const frame = classifyFrame(value);
  if (frame.kind !== 'control_request') throw new Error(`not a control request: ${frame.kind}`);
  return frame;
}

const ask = (request_id: string, extra: Record<string, unknown> = {}) =>
  controlRequest({
    type: 'control_request',
    request_id,
    request: {
      subtype: 'can_use_tool',
      tool_name: 'Bash',
      input: { command: 'ls' },
      permission_suggestions: [
        {
          type: 'addRules',
          rules: [{ toolName: 'Bash', ruleContent: 'ls' }],
          behavior: 'allow',
          destination: 'localSettings',
        },
      ],
      ...extra,
    },
  });

const responseOf = (written: Record<string, unknown>[], i = 0) =>
  (written[i]!['response'] as Record<string, unknown>)['response'];

describe('PermissionGate', () => {
  it('answers allow with the original input as updatedInput', () => {
    const { g, written } = gate();
    expect(g.receive(ask('r1'))).toBe(true);
    expect(g.answer('r1', { behavior: 'allow' })).toBe(true);
    expect(written).toEqual([
      {
        type: 'control_response',
        response: {
          subtype: 'success',
          request_id: 'r1',
          response: { behavior: 'allow', updatedInput: { command: 'ls' } },
        },
      },
    ]);
  });

  it('sends the user’s edited input when there is one', () => {
    const { g, written } = gate();
    g.receive(ask('r1'));
    g.answer('r1', { behavior: 'allow', updatedInput: { command: 'ls -a' } });
    expect(responseOf(written)).toEqual({ behavior: 'allow', updatedInput: { command: 'ls -a' } });
  });

  it('adds the chosen suggestion for "always allow" (the first by default)', () => {
    const { g, written } = gate();
    g.receive(ask('r1'));
    g.answer('r1', { behavior: 'allow_always' });
    expect(responseOf(written)).toMatchObject({
      behavior: 'allow',
      updatedPermissions: [{ type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'ls' }] }],
    });
  });

  it('builds a rule for the tool when the CLI suggested none', () => {
    const { g, written } = gate();
    g.receive(ask('r1', { permission_suggestions: undefined }));
    g.answer('r1', { behavior: 'allow_always' });
    expect(responseOf(written)).toMatchObject({
      updatedPermissions: [
        {
          type: 'addRules',
          rules: [{ toolName: 'Bash' }],
          behavior: 'allow',
          destination: 'localSettings',
        },
      ],
    });
  });

  it('always sends a message with a denial, and interrupt when asked', () => {
    const { g, written } = gate();
    g.receive(ask('r1'));
    g.receive(ask('r2'));
    g.answer('r1', { behavior: 'deny' });
    g.answer('r2', { behavior: 'deny', message: 'no', interrupt: true });
    expect(responseOf(written, 0)).toEqual({
      behavior: 'deny',
      message: 'The user denied this tool use.',
    });
    expect(responseOf(written, 1)).toEqual({ behavior: 'deny', message: 'no', interrupt: true });
  });

  it('answers each request exactly once', () => {
    const { g, written } = gate();
    g.receive(ask('r1'));
    expect(g.answer('r1', { behavior: 'allow' })).toBe(true);
    expect(g.answer('r1', { behavior: 'deny' })).toBe(false);
    expect(g.answer('unknown', { behavior: 'allow' })).toBe(false);
    expect(written).toHaveLength(1);
  });

  it('answers unserved subtypes with an error at once', () => {
    const { g, written } = gate();
    expect(
      g.receive(
        controlRequest({
          type: 'control_request',
          request_id: 'h1',
          request: { subtype: 'hook_callback' },
        }),
      ),
    ).toBe(false);
    expect(written).toEqual([
      {
        type: 'control_response',
        response: {
          subtype: 'error',
          request_id: 'h1',
          error: 'Unsupported control request subtype: hook_callback',
        },
      },
    ]);
    expect(g.pendingIds).toEqual([]);
  });

  it('keeps a prompt pending and answerable when the edited input cannot be serialized', () => {
    const { g, written } = gate();
    g.receive(ask('r1'));
    const deep = JSON.parse('{"a":'.repeat(99_999) + '{}' + '}'.repeat(99_999)) as Record<
      string,
      unknown
    >;
    expect(() => g.answer('r1', { behavior: 'allow', updatedInput: deep })).toThrow(
      /^The answer cannot be sent to Claude Code \(.+\); the prompt is still open\.$/,
    );
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(() => g.answer('r1', { behavior: 'allow_always', updatedInput: cyclic })).toThrow(
      /the prompt is still open/,
    );
    expect(written).toEqual([]);
    expect(g.pendingIds).toEqual(['r1']);
    expect(g.answer('r1', { behavior: 'allow', updatedInput: { command: 'ls -l' } })).toBe(true);
    expect(responseOf(written)).toEqual({ behavior: 'allow', updatedInput: { command: 'ls -l' } });
  });

  it('refuses a request it cannot read with an error, so the CLI is not left waiting', () => {
    const { g, written } = gate();
    g.refuse('q1', 'Malformed control request: request.tool_name is missing');
    expect(written).toEqual([
      {
        type: 'control_response',
        response: {
          subtype: 'error',
          request_id: 'q1',
          error: 'Malformed control request: request.tool_name is missing',
        },
      },
    ]);
  });

  it('forgets a withdrawn request without answering it', () => {
    const { g, written } = gate();
    g.receive(ask('r1'));
    expect(g.withdraw('r1')).toBe(true);
    expect(g.answer('r1', { behavior: 'allow' })).toBe(false);
    expect(written).toEqual([]);
  });

  it('denies everything pending when the session goes away, or drops it when the process is gone', () => {
    const { g, written } = gate();
    g.receive(ask('r1'));
    g.receive(ask('r2'));
    expect(g.denyAll('closed')).toEqual(['r1', 'r2']);
    expect(written.map((_, i) => responseOf(written, i))).toEqual([
      { behavior: 'deny', message: 'closed' },
      { behavior: 'deny', message: 'closed' },
    ]);
    g.receive(ask('r3'));
    expect(g.dropAll()).toEqual(['r3']);
    expect(written).toHaveLength(2);
    expect(g.pendingIds).toEqual([]);
  });
});

// The shape the pinned CLI sends (recordings/elicitation.jsonl).
const elicit = (request_id: string, extra: Record<string, unknown> = {}) =>
  controlRequest({
    type: 'control_request',
    request_id,
    request: {
      subtype: 'elicitation',
      mcp_server_name: 'elicit',
      message: 'Please tell us about yourself.',
      mode: 'form',
      requested_schema: { type: 'object', properties: { name: { type: 'string' } } },
      property_order: ['name'],
      ...extra,
    },
  });

describe('PermissionGate: MCP forms (elicitation)', () => {
  it('waits for the user, then sends the action and, on accept, the content', () => {
    const { g, written } = gate();
    expect(g.receive(elicit('e1'))).toBe(true);
    expect(g.receive(elicit('e2'))).toBe(true);
    expect(g.answer('e1', { behavior: 'accept', content: { name: 'Ada', age: 36 } })).toBe(true);
    expect(g.answer('e2', { behavior: 'decline' })).toBe(true);
    expect(written).toEqual([
      {
        type: 'control_response',
        response: {
          subtype: 'success',
          request_id: 'e1',
          response: { action: 'accept', content: { name: 'Ada', age: 36 } },
        },
      },
      {
        type: 'control_response',
        response: { subtype: 'success', request_id: 'e2', response: { action: 'decline' } },
      },
    ]);
    expect(g.answer('e1', { behavior: 'cancel' })).toBe(false);
  });

  it('refuses a permission answer to a form, and a form answer to a permission, keeping both open', () => {
    const { g, written } = gate();
    g.receive(elicit('e1'));
    g.receive(ask('r1'));
    expect(() => g.answer('e1', { behavior: 'allow' })).toThrow(
      /cannot be sent.*an MCP form takes no "allow".*still open/,
    );
    expect(() => g.answer('r1', { behavior: 'accept', content: {} })).toThrow(
      /a permission request takes no "accept"/,
    );
    expect(written).toEqual([]);
    expect(g.pendingIds).toEqual(['e1', 'r1']);
  });

  it('cancels a pending form when the session goes away, denying the permission beside it', () => {
    const { g, written } = gate();
    g.receive(elicit('e1'));
    g.receive(ask('r1'));
    expect(g.denyAll('The session was closed.')).toEqual(['e1', 'r1']);
    expect(responseOf(written, 0)).toEqual({ action: 'cancel' });
    expect(responseOf(written, 1)).toEqual({
      behavior: 'deny',
      message: 'The session was closed.',
    });
  });

  it('answers request_user_dialog with an error: Tether declares no dialog kind', () => {
    const { g, written } = gate();
    const dialog = controlRequest({
      type: 'control_request',
      request_id: 'd1',
      request: { subtype: 'request_user_dialog', dialog_kind: 'some_kind', payload: {} },
    });
    expect(g.receive(dialog)).toBe(false);
    expect(written).toEqual([
      {
        type: 'control_response',
        response: {
          subtype: 'error',
          request_id: 'd1',
          error: 'Unsupported control request subtype: request_user_dialog',
        },
      },
    ]);
  });

  it('refuses an elicitation without its server or message, as malformed', () => {
    const frame = classifyFrame({
      type: 'control_request',
      request_id: 'e9',
      request: { subtype: 'elicitation', message: 'hi' },
    });
    expect(frame).toMatchObject({ kind: 'invalid', request_id: 'e9' });
  });
});
