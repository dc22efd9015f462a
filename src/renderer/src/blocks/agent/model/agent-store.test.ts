import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../../shared/agent-event';
import { AgentStore } from './agent-store';

/** Animation frames that run only when the test says so. */
function frames() {
  const queued: (() => void)[] = [];
  return {
    schedule: (callback: () => void) => queued.push(callback),
    run: () => queued.splice(0).forEach((callback) => callback()),
    get count() {
      return queued.length;
    },
  };
}

const request = (id: string, toolUseId: string): AgentEvent => ({
  type: 'permission_request',
  request_id: id,
  tool_name: 'Bash',
  input: { command: 'ls' },
  tool_use_id: toolUseId,
});

const toolUse = (id: string): AgentEvent => ({
  type: 'tool_use',
  id,
  name: 'Bash',
  input: {},
  parent_tool_use_id: null,
});

function started() {
  const frame = frames();
  const store = new AgentStore(frame.schedule);
  store.setLifecycle({ state: 'ready', pid: 1 });
  frame.run();
  return { frame, store };
}

describe('AgentStore', () => {
  it('publishes any number of updates within a frame as one snapshot', () => {
    const { frame, store } = started();
    let notified = 0;
    store.subscribe(() => notified++);
    const before = store.getSnapshot();
    for (let i = 0; i < 50; i++) {
      store.push([{ type: 'assistant_text', text: `${i} `, parent_tool_use_id: null }]);
    }
    expect(frame.count).toBe(1);
    expect(store.getSnapshot()).toBe(before);
    frame.run();
    expect(notified).toBe(1);
    expect(store.getSnapshot().items).toHaveLength(1);
  });

  it('derives the status from the lifecycle and the turn’s events', () => {
    const { frame, store } = started();
    const status = () => (frame.run(), store.getSnapshot().status);
    expect(status()).toBe('idle');
    store.setLifecycle({ state: 'busy' });
    expect(status()).toBe('thinking');
    store.push([toolUse('t1')]);
    expect(status()).toBe('running a tool');
    expect(store.getSnapshot().runningTools).toEqual(['Bash']);
    store.push([request('r1', 't1')]);
    expect(status()).toBe('waiting for permission');
    store.answered('r1');
    expect(status()).toBe('running a tool');
    store.push([
      {
        type: 'tool_result',
        tool_use_id: 't1',
        content: '',
        is_error: false,
        parent_tool_use_id: null,
      },
      { type: 'status', status: 'compacting' },
    ]);
    expect(status()).toBe('compacting');
    store.push([
      { type: 'status', status: null },
      { type: 'done', response: '' },
    ]);
    store.setLifecycle({ state: 'idle' });
    expect(status()).toBe('idle');
    store.setLifecycle({
      state: 'exited',
      code: 1,
      signal: null,
      reason: 'crashed',
      message: 'Claude Code crashed.',
    });
    expect(status()).toBe('exited');
  });

  it('queues permission requests; withdrawal and a tool result remove theirs', () => {
    const { frame, store } = started();
    store.push([
      request('r1', 't1'),
      request('r2', 't2'),
      request('r3', 't3'),
      request('r1', 't1'),
    ]);
    frame.run();
    expect(store.getSnapshot().pending.map((r) => r.request_id)).toEqual(['r1', 'r2', 'r3']);
    store.push([
      { type: 'permission_cancelled', request_id: 'r2' },
      {
        type: 'tool_result',
        tool_use_id: 't1',
        content: '',
        is_error: true,
        parent_tool_use_id: null,
      },
    ]);
    frame.run();
    expect(store.getSnapshot().pending.map((r) => r.request_id)).toEqual(['r3']);
  });

  it('treats a replayed history as finished: no open turn, no prompt to answer', () => {
    const { frame, store } = started();
    store.loadHistory(
      [
        { type: 'user_message', text: 'hi' },
        toolUse('t1'),
        request('r1', 't1'),
        {
          type: 'session_started',
          session_id: 's1',
          model: 'claude-x',
          cwd: '/w',
          permission_mode: 'plan',
          tools: [],
          slash_commands: ['compact', 'cost'],
        },
      ],
      '/w',
    );
    frame.run();
    const snapshot = store.getSnapshot();
    expect(snapshot.status).toBe('idle');
    expect(snapshot.pending).toEqual([]);
    expect(snapshot.cwd).toBe('/w');
    expect(snapshot.info).toMatchObject({
      sessionId: 's1',
      model: 'claude-x',
      permissionMode: 'plan',
      slashCommands: [{ name: 'compact' }, { name: 'cost' }],
    });
  });

  it('keeps the highest unhandled count and the latest lines, cut short; a status event can switch the mode', () => {
    const { frame, store } = started();
    store.setUnhandled(3);
    store.setUnhandled(2);
    for (let i = 0; i < 25; i++) store.setUnhandled(4 + i, `line ${i}`);
    store.setUnhandled(30, 'x'.repeat(10_000));
    store.push([{ type: 'status', status: null, permission_mode: 'acceptEdits' }]);
    frame.run();
    const snapshot = store.getSnapshot();
    expect(snapshot).toMatchObject({ unhandled: 30, info: { permissionMode: 'acceptEdits' } });
    expect(snapshot.unhandledLines).toHaveLength(20);
    expect(snapshot.unhandledLines[0]).toBe('line 6');
    expect(snapshot.unhandledLines.at(-1)).toHaveLength(501);
  });

  it('shows sent prompts until the CLI received them; a slash command until its turn ends', () => {
    const { frame, store } = started();
    store.sent('hello', 'u1');
    store.sent('/compact', 'u2');
    store.sent('again', 'u3');
    store.sent('refused', 'u4');
    store.notSent('u4');
    frame.run();
    const texts = () => store.getSnapshot().sending.map((prompt) => prompt.text);
    expect(texts()).toEqual(['hello', '/compact', 'again']);
    store.push([{ type: 'user_message', text: 'again' }]);
    frame.run();
    expect(texts()).toEqual(['hello', '/compact']);
    store.push([{ type: 'user_message', text: 'hello\n\n(with context the CLI added)' }]);
    store.push([{ type: 'done', response: '' }]);
    frame.run();
    expect(store.getSnapshot().sending).toEqual([]);
  });
});
