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
});
