import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../../shared/agent-event';
import { PermissionQueue } from './permission-queue';

const ask = (id: string): AgentEvent => ({
  type: 'permission_request',
  request_id: id,
  tool_name: 'Bash',
  input: { command: 'sleep 60' },
  tool_use_id: `tool-${id}`,
});

describe('PermissionQueue', () => {
  it('does not ask again for an answer a replayed log already holds (a reload mid-tool)', () => {
    const queue = new PermissionQueue();
    queue.apply([
      ask('r1'),
      ask('r2'),
      { type: 'permission_answered', request_id: 'r1', behavior: 'allow' },
    ]);
    expect(queue.pending.map((request) => request.request_id)).toEqual(['r2']);
  });

  it('keeps an MCP form waiting beside permissions, after a replay, until answered or withdrawn', () => {
    const form = (id: string): AgentEvent => ({
      type: 'elicitation_request',
      request_id: id,
      server_name: 'elicit',
      message: 'Please tell us about yourself.',
      mode: 'form',
    });
    const queue = new PermissionQueue();
    // A tool result names no form: it leaves the forms alone.
    queue.apply([form('e1'), ask('r1'), form('e2'), form('e3')]);
    queue.apply([
      {
        type: 'tool_result',
        tool_use_id: 'tool-r1',
        content: '',
        is_error: false,
        parent_tool_use_id: null,
      },
    ]);
    expect(queue.pending.map((request) => request.request_id)).toEqual(['e1', 'e2', 'e3']);
    queue.apply([
      { type: 'permission_answered', request_id: 'e1', behavior: 'accept' },
      { type: 'permission_cancelled', request_id: 'e3' },
    ]);
    expect(queue.pending.map((request) => request.request_id)).toEqual(['e2']);
  });
});
