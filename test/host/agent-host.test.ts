import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/shared/agent-event';
import type { EventMessage, HostResponse } from '../../src/shared/contract/host';
import type { Host } from '../../src/main/host/host';
import { descendantsOf, isAlive } from '../../src/main/process/process-tree';
import { CLAUDE_BIN } from '../support/claude-cli';
import { claudeAgentEnv, claudeHost } from '../support/claude-host';
import {
  lastToolResults,
  startFakeAnthropic,
  textReply,
  toolUseReply,
  type FakeAnthropic,
  type FakeHandler,
} from '../support/fake-anthropic';
import { until } from '../support/until';

let dir: string;
let fake: FakeAnthropic;
let host: Host;

async function setUp(handler: FakeHandler, env: NodeJS.ProcessEnv = {}) {
  fake = await startFakeAnthropic(handler);
  host = claudeHost(dir, fake.url, { agentEnv: { ...claudeAgentEnv(dir, fake.url), ...env } });
}

function client() {
  const messages: EventMessage[] = [];
  const connection = host.connect((m) => messages.push(m));
  const events = (agentId = 'a1') =>
    messages.flatMap((m) =>
      m.name === 'agentEvents' && m.payload.agentId === agentId ? m.payload.events : [],
    );
  const state = (agentId = 'a1') =>
    messages
      .flatMap((m) =>
        m.name === 'agentState' && m.payload.agentId === agentId ? [m.payload.state] : [],
      )
      .at(-1);
  const request = async <T = unknown>(name: string, params: unknown): Promise<T> => {
    const response: HostResponse = await connection.request(name, params);
    if (!response.ok) throw new Error(response.error);
    return response.result as T;
  };
  return { connection, messages, events, state, request };
}

const of = <T extends AgentEvent['type']>(events: AgentEvent[], type: T) =>
  events.filter((e): e is AgentEvent & { type: T } => e.type === type);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'agent-host-'));
});
afterEach(async () => {
  await host?.dispose();
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('Host: agent sessions with the real CLI', () => {
  it('streams a turn with its deltas joined into few messages', async () => {
    const words = Array.from({ length: 300 }, (_, i) => `w${i} `).join('');
    await setUp(() => textReply(words, { chunks: 300 }));
    const c = client();
    const opened = await c.request('openAgent', { agentId: 'a1' });
    expect(opened).toEqual({ cwd: dir, history: [] });
    await until(() => c.state()?.state === 'ready', 'ready');
    await c.request('sendAgentMessage', { agentId: 'a1', text: 'talk' });
    await until(() => of(c.events(), 'done').length === 1, 'done');
    const text = of(c.events(), 'assistant_text')
      .map((e) => e.text)
      .join('');
    expect(text).toBe(words);
    const batches = c.messages.filter((m) => m.name === 'agentEvents').length;
    expect(batches).toBeLessThan(100);
    expect(c.state()?.state).toBe('idle');
  });

  it('answers a permission request through the contract, once', async () => {
    await setUp(({ body }) =>
      lastToolResults(body).length
        ? textReply('Done.')
        : toolUseReply({ name: 'Bash', input: { command: 'echo x > host.txt' } }),
    );
    const c = client();
    await c.request('openAgent', { agentId: 'a1' });
    await c.request('sendAgentMessage', { agentId: 'a1', text: 'go' });
    await until(() => of(c.events(), 'permission_request').length === 1, 'permission request');
    const { request_id } = of(c.events(), 'permission_request')[0]!;
    const bad = await c.connection.request('answerPermission', {
      agentId: 'a1',
      requestId: request_id,
      decision: { behavior: 'yes please' },
    });
    expect(bad.ok).toBe(false);
    const answer = { agentId: 'a1', requestId: request_id, decision: { behavior: 'allow' } };
    expect(await c.request('answerPermission', answer)).toEqual({ answered: true });
    expect(await c.request('answerPermission', answer)).toEqual({ answered: false });
    await until(() => of(c.events(), 'done').length === 1, 'done');
    expect(existsSync(join(dir, 'host.txt'))).toBe(true);
  });

  it('keeps the transcript for a later client, and resumes the Claude session', async () => {
    // Only a resumed conversation still holds the first turn when the second is asked.
    await setUp(({ body }) => {
      const said = JSON.stringify(body.messages);
      return textReply(
        said.includes('what was it?') && said.includes('secret is 42') ? 'You said 42.' : 'Noted.',
      );
    });
    const first = client();
    await first.request('openAgent', { agentId: 'a1' });
    await first.request('sendAgentMessage', { agentId: 'a1', text: 'the secret is 42' });
    await until(() => of(first.events(), 'done').length === 1, 'first turn');
    const sessionId = of(first.events(), 'session_started')[0]!.session_id;
    await first.connection.close();

    const second = client();
    const { history } = await second.request<{ history: AgentEvent[] }>('openAgent', {
      agentId: 'a1',
      resumeSessionId: sessionId,
    });
    expect(of(history, 'user_message').map((e) => e.text)).toEqual(['the secret is 42']);
    expect(of(history, 'done')).toEqual([{ type: 'done', response: 'Noted.' }]);
    await second.request('sendAgentMessage', { agentId: 'a1', text: 'what was it?' });
    await until(() => of(second.events(), 'done').length === 1, 'resumed turn');
    expect(of(second.events(), 'done')[0]!.response).toBe('You said 42.');
  });

  it('ends every Claude process when the host is disposed (app quit)', async () => {
    await setUp(() => textReply('Hi.'));
    const c = client();
    await c.request('openAgent', { agentId: 'a1' });
    await c.request('openAgent', { agentId: 'a2' });
    const pids = () =>
      c.messages.flatMap((m) =>
        m.name === 'agentState' && m.payload.state.state === 'ready' ? [m.payload.state.pid] : [],
      );
    await until(() => pids().length === 2, 'both ready');
    await host.dispose();
    expect(pids().filter(isAlive)).toEqual([]);
  });

  it('reports a CLI that cannot start as an exited state with a message', async () => {
    await setUp(() => textReply('unused'), { TETHER_CLAUDE: join(dir, 'missing-claude') });
    const c = client();
    await c.request('openAgent', { agentId: 'a1' });
    await until(() => c.state()?.state === 'exited', 'exited');
    expect(c.state()).toMatchObject({
      reason: 'failed_to_start',
      message: expect.stringMatching(/TETHER_CLAUDE = .*missing-claude.*Install Claude Code/),
    });
  });

  it('forgets a block’s transcript when asked, and keeps it otherwise', async () => {
    await setUp(() => textReply('Hi.'));
    const c = client();
    for (const agentId of ['kept', 'forgotten']) {
      await c.request('openAgent', { agentId });
      await c.request('sendAgentMessage', { agentId, text: 'hello' });
      await until(() => of(c.events(agentId), 'done').length === 1, `${agentId} done`);
    }
    await c.request('closeAgent', { agentId: 'kept' });
    await c.request('closeAgent', { agentId: 'forgotten', forget: true });
    expect(existsSync(join(dir, 'agents', 'kept.jsonl'))).toBe(true);
    expect(existsSync(join(dir, 'agents', 'forgotten.jsonl'))).toBe(false);
  });

  it('tells a block reopened right after its close nothing of the session it closed', async () => {
    await setUp(() => textReply('Hi.'));
    const c = client();
    await c.request('openAgent', { agentId: 'a1' });
    await until(() => c.state()?.state === 'ready', 'ready');
    const first = c.state();
    const from = c.messages.length;
    const closing = c.request('closeAgent', { agentId: 'a1' });
    await c.request('openAgent', { agentId: 'a1' });
    await closing;
    await until(() => c.state()?.state === 'ready' && c.state() !== first, 'the new session');
    const states = c.messages
      .slice(from)
      .flatMap((m) => (m.name === 'agentState' ? [m.payload.state.state] : []));
    expect(states).not.toContain('exited');
  });

  it.skipIf(process.platform !== 'linux')(
    'leaves no process, open file or stdin folder behind after many blocks opened and closed',
    async () => {
      await setUp(() => textReply('Hi.'));
      const c = client();
      const cycle = async (agentId: string) => {
        await c.request('openAgent', { agentId });
        await c.request('sendAgentMessage', { agentId, text: 'hello' });
        await until(() => of(c.events(agentId), 'done').length === 1, `${agentId} done`);
        await c.request('closeAgent', { agentId, forget: true });
      };
      // What is made once, on the first block, is not a leak.
      await cycle('warm');
      const files = () => readdirSync('/proc/self/fd').length;
      // `ps`, which lists them, is one of them.
      const children = () => descendantsOf(process.pid).length;
      const stdinFolders = () =>
        readdirSync(tmpdir()).filter((name) => name.startsWith(`tether-${process.pid}-`));
      const filesBefore = files();
      const childrenBefore = children();
      for (let i = 0; i < 8; i++) await cycle(`cycle-${i}`);
      await until(() => children() <= childrenBefore, 'the closed sessions to end');
      expect(stdinFolders()).toEqual([]);
      // A pty or FIFO left open would be at least two more descriptors per block, 16 in all.
      expect(files()).toBeLessThanOrEqual(filesBefore + 4);
    },
  );

  it('lets one client at a time own an agent block, so no tab forgets another’s transcript', async () => {
    await setUp(() => textReply('Hi.'));
    const first = client();
    const second = client();
    await first.request('openAgent', { agentId: 'a1' });
    const refused = await second.connection.request('openAgent', { agentId: 'a1' });
    expect(refused).toEqual({
      ok: false,
      error: expect.stringContaining('open in another Tether window or tab'),
    });
    await first.request('sendAgentMessage', { agentId: 'a1', text: 'hello' });
    await until(() => of(first.events(), 'done').length === 1, 'done');
    // The refused client cannot forget the owner's transcript.
    await second.request('closeAgent', { agentId: 'a1', forget: true });
    expect(existsSync(join(dir, 'agents', 'a1.jsonl'))).toBe(true);
    await first.connection.close();
    const { history } = await second.request<{ history: AgentEvent[] }>('openAgent', {
      agentId: 'a1',
    });
    expect(of(history, 'done')).toEqual([{ type: 'done', response: 'Hi.' }]);
  });

  it.runIf(existsSync('/dev/full'))(
    'says in the block when its transcript cannot be saved, and when it can again',
    async () => {
      await setUp(() => textReply('Hi.'));
      mkdirSync(join(dir, 'agents'), { recursive: true });
      const log = join(dir, 'agents', 'a1.jsonl');
      symlinkSync('/dev/full', log);
      const c = client();
      await c.request('openAgent', { agentId: 'a1' });
      await c.request('sendAgentMessage', { agentId: 'a1', text: 'first' });
      await until(() => of(c.events(), 'done').length === 1, 'first turn');
      expect(of(c.events(), 'notice')).toEqual([
        { type: 'notice', level: 'warning', text: expect.stringContaining('ENOSPC') },
      ]);
      rmSync(log);
      await c.request('sendAgentMessage', { agentId: 'a1', text: 'second' });
      await until(() => of(c.events(), 'done').length === 2, 'second turn');
      expect(of(c.events(), 'notice').at(-1)).toEqual({
        type: 'notice',
        level: 'info',
        text: 'Tether is saving this transcript again.',
      });
      await c.request('closeAgent', { agentId: 'a1' });
      // Nothing of the first turn was lost: it waited for the disk.
      const saved = readFileSync(log, 'utf8');
      expect(saved).toContain('"text":"first"');
      expect(saved).toContain('"text":"second"');
    },
  );
});

describe('Host: raw bytes go out only while a raw view is open', () => {
  it('sends none while closed, the bytes so far and then the new ones while open, and always the unhandled count', async () => {
    // A line that is no frame, as a misconfigured CLI prints it: counted whether or not a view is open.
    const wrapper = join(dir, 'claude-wrapper.sh');
    writeFileSync(wrapper, `#!/bin/sh\necho "Warning: not a frame"\nexec "${CLAUDE_BIN}" "$@"\n`);
    chmodSync(wrapper, 0o755);
    let turn = 0;
    await setUp(() => textReply(`Reply number ${++turn}.`), { TETHER_CLAUDE: wrapper });
    const c = client();
    const raw = () =>
      Buffer.concat(
        c.messages.flatMap((m) =>
          m.name === 'agentRaw' && m.payload.agentId === 'a1' ? [m.payload.data] : [],
        ),
      ).toString();
    const turnDone = async (text: string, count: number) => {
      await c.request('sendAgentMessage', { agentId: 'a1', text });
      await until(() => of(c.events(), 'done').length === count, `turn ${count}`);
    };

    await c.request('openAgent', { agentId: 'a1' });
    await turnDone('one', 1);
    await until(
      () => c.messages.some((m) => m.name === 'agentUnhandled' && m.payload.count === 1),
      'the unhandled line reported with no raw view open',
    );
    expect(raw()).toBe('');

    const opened = await c.request<{ data: string; unhandled: number }>('openAgentRaw', {
      agentId: 'a1',
    });
    const before = Buffer.from(opened.data, 'base64').toString();
    expect(before).toContain('Warning: not a frame');
    expect(before).toContain('Reply number 1.');
    expect(opened.unhandled).toBe(1);
    await turnDone('two', 2);
    await until(() => raw().includes('"result":"Reply number 2."'), 'the second turn’s bytes');
    // Only what came after the snapshot: nothing shown twice.
    expect(raw()).not.toContain('Reply number 1.');

    await c.request('closeAgentRaw', { agentId: 'a1' });
    const sent = raw().length;
    await turnDone('three', 3);
    expect(raw().length).toBe(sent);
    expect(of(c.events(), 'done').at(-1)).toEqual({ type: 'done', response: 'Reply number 3.' });
  });

  it('keeps sending while a raw view is open when the same page opens the block again', async () => {
    await setUp(() => textReply('Hi.'));
    const page: EventMessage[] = [];
    const connection = host.connect((m) => page.push(m), 'tab-1');
    await connection.request('openAgent', { agentId: 'a1' });
    expect(await connection.request('openAgentRaw', { agentId: 'a1' })).toMatchObject({
      ok: true,
    });
    // A second view of the running block (or the block mounted again) on the same page.
    expect(await connection.request('openAgent', { agentId: 'a1' })).toMatchObject({ ok: true });
    await connection.request('sendAgentMessage', { agentId: 'a1', text: 'hello' });
    await until(
      () => page.some((m) => m.name === 'agentState' && m.payload.state.state === 'idle'),
      'done',
    );
    const raw = page.flatMap((m) => (m.name === 'agentRaw' ? [m.payload.data] : []));
    expect(Buffer.concat(raw).toString()).toContain('Hi.');
  });

  it('stops sending when the page reloads: the new page opens its own raw views', async () => {
    await setUp(() => textReply('Hi.'));
    const pages = [0, 1].map(() => [] as EventMessage[]);
    const first = host.connect((m) => pages[0]!.push(m), 'tab-1');
    await first.request('openAgent', { agentId: 'a1' });
    expect(await first.request('openAgentRaw', { agentId: 'a1' })).toMatchObject({ ok: true });
    await first.detach();
    const second = host.connect((m) => pages[1]!.push(m), 'tab-1');
    expect(await second.request('openAgent', { agentId: 'a1' })).toMatchObject({
      ok: true,
      result: { unhandled: 0 },
    });
    await second.request('sendAgentMessage', { agentId: 'a1', text: 'hello' });
    await until(
      () => pages[1]!.some((m) => m.name === 'agentState' && m.payload.state.state === 'idle'),
      'done',
    );
    expect(pages[1]!.filter((m) => m.name === 'agentRaw')).toEqual([]);
    expect(pages[1]!.filter((m) => m.name === 'agentEvents')).not.toEqual([]);
  });
});
