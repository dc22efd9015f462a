import { describe, expect, it } from 'vitest';
import { AgentStore } from '../model/agent-store';
import { agentActivity } from './agent-activity';

const betweenTurns = { turnStartedAt: null, turnEnded: false, requestError: null };

/** A store that paints at once, as a frame would. */
function readyStore(): AgentStore {
  const store = new AgentStore((paint) => paint());
  store.setLifecycle({ state: 'ready', pid: 1 });
  return store;
}

describe('agentActivity', () => {
  it('is Working while a message is on its way, though the CLI reports no turn yet', () => {
    const store = readyStore();
    store.sent('take your time', 'u1');
    // The CLI's start ends (ready) before it has taken the message up: closing must still ask.
    store.setLifecycle({ state: 'ready', pid: 1 });
    expect(agentActivity(store.getSnapshot(), betweenTurns).status).toBe('Working');
    store.push([{ type: 'prompt_state', uuid: 'u1', state: 'completed' }]);
    expect(agentActivity(store.getSnapshot(), betweenTurns).status).toBe('Idle');
  });
});

describe('agentActivity after a turn', () => {
  const turnEnded = { ...betweenTurns, turnEnded: true };

  it('is a neutral Idle · Interrupted when the user stopped the turn, not an Error', () => {
    const store = readyStore();
    store.push([
      { type: 'user_message', text: 'count to a million', uuid: 'u1' },
      {
        type: 'error',
        subtype: 'error_during_execution',
        message: 'Interrupted: the turn was stopped before it finished.',
      },
    ]);
    expect(agentActivity(store.getSnapshot(), turnEnded)).toEqual({
      kind: 'agent',
      status: 'Idle',
      detail: 'Interrupted',
    });
  });

  it('is an Error when the turn failed', () => {
    const store = readyStore();
    store.push([
      { type: 'user_message', text: 'hi', uuid: 'u1' },
      { type: 'error', subtype: 'api_error', message: 'API Error: 500' },
    ]);
    expect(agentActivity(store.getSnapshot(), turnEnded)).toMatchObject({
      status: 'Error',
      detail: 'API Error: 500',
    });
  });
});
