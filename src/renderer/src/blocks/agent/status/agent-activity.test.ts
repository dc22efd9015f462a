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
