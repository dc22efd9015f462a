import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../shared/agent-event';
import { AgentLink } from './agent-link';
import { AgentStore } from './model/agent-store';
import { FakeHost } from './testing/fake-host';

const text = (value: string): AgentEvent => ({
  type: 'assistant_text',
  text: value,
  parent_tool_use_id: null,
});

/** A store whose frames run at once, and a link to a fake host whose openAgent waits for us. */
function linked(resumeSessionId?: string) {
  const host = new FakeHost();
  let release: (history: AgentEvent[]) => void = () => undefined;
  host.replies.openAgent = () =>
    new Promise((resolve) => {
      release = (history) => resolve({ cwd: '/work', history });
    });
  const store = new AgentStore((callback) => callback());
  const errors: string[] = [];
  const link = new AgentLink(host.api, 'a1', store, {
    cwd: '/work',
    resumeSessionId: () => resumeSessionId,
    onError: (message) => errors.push(message),
  });
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { host, store, link, errors, flush, release: (history: AgentEvent[]) => release(history) };
}

const texts = (store: AgentStore) =>
  store.getSnapshot().items.map((item) => ('text' in item ? item.text : item.kind));

describe('AgentLink', () => {
  it('puts live events that overtake the history after it', async () => {
    const { host, store, link, flush, release } = linked('s1');
    link.open();
    expect(host.paramsOf('openAgent')).toEqual([
      { agentId: 'a1', cwd: '/work', resumeSessionId: 's1' },
    ]);
    host.emit('agentEvents', { agentId: 'a1', events: [{ type: 'user_message', text: 'live' }] });
    host.emit('agentEvents', { agentId: 'other', events: [text('not mine')] });
    release([{ type: 'user_message', text: 'logged' }]);
    await flush();
    host.emit('agentEvents', { agentId: 'a1', events: [text('reply')] });
    expect(texts(store)).toEqual(['logged', 'live', 'reply']);
  });

  it('takes the unhandled count of a session that was running, without its raw bytes', async () => {
    const { host, store, link, flush } = linked();
    host.replies.openAgent = { cwd: '/work', history: [], state: { state: 'idle' }, unhandled: 4 };
    link.open();
    await flush();
    expect(store.getSnapshot().unhandled).toBe(4);
    expect(host.paramsOf('openAgentRaw')).toEqual([]);
  });

  it('restarts by closing, starting over and opening again', async () => {
    const { host, store, link, flush, release } = linked();
    link.open();
    release([{ type: 'user_message', text: 'before' }]);
    await flush();
    const restarted = link.restart();
    await flush();
    expect(host.paramsOf('closeAgent')).toEqual([{ agentId: 'a1' }]);
    expect(texts(store)).toEqual([]);
    release([{ type: 'user_message', text: 'before' }]);
    await restarted;
    await flush();
    expect(texts(store)).toEqual(['before']);
    expect(host.paramsOf('openAgent')).toHaveLength(2);
  });

  it('stops listening once closed, and keeps the history', async () => {
    const { host, store, link, flush, release } = linked();
    link.open();
    release([]);
    await flush();
    host.emit('agentEvents', { agentId: 'a1', events: [text('early')] });
    expect(texts(store)).toEqual(['early']);
    link.close();
    host.emit('agentEvents', { agentId: 'a1', events: [text('late')] });
    expect(texts(store)).toEqual(['early']);
    expect(host.paramsOf('closeAgent')).toEqual([{ agentId: 'a1' }]);
  });

  it('takes back a running session after a reload: its pending permission request stays open', async () => {
    const { host, store, link, flush } = linked();
    const asked: AgentEvent = {
      type: 'permission_request',
      request_id: 'r1',
      tool_name: 'Bash',
      input: { command: 'ls' },
      tool_use_id: 'u1',
    };
    let release: () => void = () => undefined;
    host.replies.openAgent = () =>
      new Promise((resolve) => {
        release = () =>
          resolve({
            cwd: '/work',
            history: [{ type: 'user_message', text: 'go' }, asked],
            state: { state: 'busy' },
          });
      });
    link.open();
    // Sent to this page before the host answered: the live history already holds it.
    host.emit('agentEvents', { agentId: 'a1', events: [asked] });
    release();
    await flush();
    const snapshot = store.getSnapshot();
    expect(snapshot.pending.map((request) => request.request_id)).toEqual(['r1']);
    expect(snapshot.lifecycle).toEqual({ state: 'busy' });
    expect(texts(store).filter((item) => item === 'go')).toHaveLength(1);
  });

  it('reports a session the host could not open', async () => {
    const { host, link, errors, flush } = linked();
    host.replies.openAgent = () => Promise.reject(new Error('agent a1 is already open'));
    link.open();
    await flush();
    expect(errors).toEqual(['agent a1 is already open']);
  });
});
