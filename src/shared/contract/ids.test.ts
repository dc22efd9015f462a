import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { hostNotifications, hostRequests } from './host';

const requests = Object.entries({ ...hostRequests, ...hostNotifications }) as [
  string,
  { params: z.ZodType },
][];

/** Why the request's params refuse `id` in the field `field`, or null when they take it. */
function refusal(params: z.ZodType, field: string, id: string): string | null {
  const result = params.safeParse({ [field]: id });
  const issue = result.error?.issues.find((found) => found.path[0] === field);
  return issue?.message ?? null;
}

const naming = (field: string) =>
  requests.filter(([, { params }]) => refusal(params, field, '../x') !== null);

describe('block ids in the host contract', () => {
  it('refuses an agent id outside the one pattern, in every request, with the same reason', () => {
    const named = naming('agentId');
    // The agent, composer, review, rewind and worktree halves all name agents.
    expect(named.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'sendAgentMessage',
        'suggestAgentFiles',
        'revertAgentEdit',
        'rewindFiles',
        'mergeWorktree',
      ]),
    );
    for (const [name, { params }] of named) {
      for (const bad of ['', '../x', 'a b', 'x'.repeat(129)])
        expect([name, refusal(params, 'agentId', bad)]).toEqual([
          name,
          'an agent id is 1-128 letters, digits or _.:-',
        ]);
      expect([name, refusal(params, 'agentId', 'agent-1_a.b:c')]).toEqual([name, null]);
    }
  });

  it('refuses a terminal id outside the same pattern, saying it is a terminal id', () => {
    const named = naming('terminalId');
    expect(named.length).toBeGreaterThan(0);
    for (const [name, { params }] of named) {
      expect([name, refusal(params, 'terminalId', '../x')]).toEqual([
        name,
        'a terminal id is 1-128 letters, digits or _.:-',
      ]);
      expect([name, refusal(params, 'terminalId', 'x'.repeat(128))]).toEqual([name, null]);
    }
  });

  it('takes only a UUID as a Claude session or message id, where the CLI is handed one', () => {
    const uuid = '0b5e2d6c-1f3a-4c8e-9d7b-2a6f4e8c1b3d';
    const fields = [
      ['openAgent', 'resumeSessionId', 'a Claude session id is a UUID'],
      ['openAgent', 'resumeAt', 'a message id is a UUID'],
      ['readSession', 'sessionId', 'a Claude session id is a UUID'],
      ['revealSessionFile', 'sessionId', 'a Claude session id is a UUID'],
    ] as const;
    for (const [name, field, reason] of fields) {
      const { params } = hostRequests[name];
      for (const bad of ['--debug-file=/tmp/x', `-${uuid.slice(1)}`, `${uuid}x`, 'session-1'])
        expect([name, field, refusal(params, field, bad)]).toEqual([name, field, reason]);
      expect([name, field, refusal(params, field, uuid)]).toEqual([name, field, null]);
    }
  });
});
