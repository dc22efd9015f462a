import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentSession, type UnhandledOutput } from '../../src/main/agent/agent-session';
import type { AgentEvent } from '../../src/shared/agent-event';
import { CLAUDE_BIN, claudeEnv } from '../support/claude-cli';
import { stdinPath } from '../support/stdin-path';
import { descendantsOf, isAlive } from '../../src/main/process/process-tree';
import type { TransportKind } from '../../src/main/agent/transport/transport';
import {
  lastToolResults,
  lastUserText,
  startFakeAnthropic,
  textReply,
  toolUseReply,
  type FakeHandler,
} from '../support/fake-anthropic';
import { openSession, type Harness } from './harness';

/** First the tool call, then (once its result is back) a closing text. */
function toolThenText(name: string, input: Record<string, unknown>): FakeHandler {
  return ({ body }) =>
    lastToolResults(body).length > 0 ? textReply('All done.') : toolUseReply({ name, input });
}

/** Live (not zombie) processes among `pids`, on any platform. */
function alive(pids: number[]): number[] {
  return pids.filter(isAlive);
}

const transports: TransportKind[] = process.platform === 'win32' ? ['pipe'] : ['pty', 'pipe'];

describe.each(transports)('AgentSession over %s with the real CLI', (transport) => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('runs an allowed Bash tool: the file exists and the result is not an error', async () => {
    h = await openSession(transport, toolThenText('Bash', { command: 'echo hi > made.txt' }));
    h.session.send('make a file');
    const request = await h.waitForEvent('permission_request');
    expect(request.tool_name).toBe('Bash');
    expect(request.input).toMatchObject({ command: 'echo hi > made.txt' });
    expect(h.session.answerPermission(request.request_id, { behavior: 'allow' })).toBe(true);
    expect(h.session.answerPermission(request.request_id, { behavior: 'allow' })).toBe(false);
    // Once, for the answer that reached the CLI: a replay of the log will not ask again.
    expect(h.events.filter((e) => e.type === 'permission_answered')).toEqual([
      { type: 'permission_answered', request_id: request.request_id, behavior: 'allow' },
    ]);
    await h.waitForEvent('done');
    expect(readFileSync(join(h.cwd, 'made.txt'), 'utf8')).toBe('hi\n');
    const result = await h.waitForEvent('tool_result');
    expect(result.is_error).toBe(false);
    const types = h.events.map((e) => e.type);
    expect(types.indexOf('tool_use')).toBeLessThan(types.indexOf('tool_result'));
  });

  it('does not run a denied tool, and Claude gets an is_error result with our message', async () => {
    h = await openSession(transport, toolThenText('Bash', { command: 'echo no > denied.txt' }));
    h.session.send('make a file');
    const request = await h.waitForEvent('permission_request');
    h.session.answerPermission(request.request_id, { behavior: 'deny', message: 'Not today.' });
    const result = await h.waitForEvent('tool_result');
    expect(result.is_error).toBe(true);
    expect(JSON.stringify(result.content)).toContain('Not today.');
    await h.waitForEvent('done');
    expect(existsSync(join(h.cwd, 'denied.txt'))).toBe(false);
  });

  it('writes the rule for "always allow" into .claude/settings.local.json', async () => {
    h = await openSession(transport, toolThenText('Bash', { command: 'echo a > always.txt' }));
    h.session.send('make a file');
    const request = await h.waitForEvent('permission_request');
    expect(request.suggestions?.length).toBeGreaterThan(0);
    h.session.answerPermission(request.request_id, { behavior: 'allow_always' });
    await h.waitForEvent('done');
    expect(existsSync(join(h.cwd, 'always.txt'))).toBe(true);
    const settings = readFileSync(join(h.cwd, '.claude', 'settings.local.json'), 'utf8');
    expect(JSON.parse(settings).permissions.allow.join(' ')).toContain('Bash');
  });

  it('interrupts a streaming turn, then takes another turn in the same process', async () => {
    h = await openSession(transport, ({ index }) =>
      index === 0
        ? textReply('word '.repeat(200), { chunks: 200, delayMs: 25 })
        : textReply('Second turn works.'),
    );
    const pid = h.session.pid;
    h.session.send('talk for a long time');
    await h.waitForEvent('assistant_text');
    await h.session.interrupt();
    const error = await h.waitForEvent('error');
    expect(error.subtype).toBe('error_during_execution');
    await h.waitForState('idle');
    h.session.send('again');
    const done = await h.waitForEvent('done');
    expect(done.response).toBe('Second turn works.');
    expect(h.session.pid).toBe(pid);
    const streamed = h.events.filter((e) => e.type === 'assistant_text').length;
    expect(streamed).toBeLessThan(200);
  });

  it('serves two turns from one process', async () => {
    h = await openSession(transport, ({ body }) =>
      textReply(`echo: ${lastUserText(body).slice(-5)}`),
    );
    const pid = h.session.pid;
    h.session.send('first');
    await h.waitForEvent('done');
    h.session.send('second');
    await h.waitUntil(() => h!.events.filter((e) => e.type === 'done').length === 2, 'two dones');
    expect(h.events.filter((e) => e.type === 'done')).toEqual([
      { type: 'done', response: 'echo: first' },
      { type: 'done', response: 'echo: econd' },
    ]);
    expect(h.session.pid).toBe(pid);
  });

  it('names the Claude session with rename_session: the name is in its session file', async () => {
    h = await openSession(transport, () => textReply('Hello.'));
    h.session.send('hi');
    const { session_id } = await h.waitForEvent('session_started');
    await h.waitForEvent('done');
    await h.session.rename('Parser work');
    const projects = join(h.home, '.claude', 'projects');
    const file = readdirSync(projects, { recursive: true, encoding: 'utf8' }).find((name) =>
      name.endsWith(`${session_id}.jsonl`),
    );
    const entries = readFileSync(join(projects, file!), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toContainEqual(
      expect.objectContaining({ type: 'custom-title', customTitle: 'Parser work' }),
    );
  });

  it('starts in the default mode whatever default the user configured', async () => {
    h = await openSession(transport, () => textReply('Hi.'), {
      prepareHome: (home) => {
        mkdirSync(join(home, '.claude'), { recursive: true });
        writeFileSync(
          join(home, '.claude', 'settings.json'),
          JSON.stringify({ permissions: { defaultMode: 'acceptEdits' } }),
        );
      },
    });
    h.session.send('hi');
    const started = await h.waitForEvent('session_started');
    expect(started.permission_mode).toBe('default');
  });

  it('applies set_permission_mode: in acceptEdits a Write runs without asking', async () => {
    h = await openSession(transport, ({ body }) =>
      lastToolResults(body).length > 0
        ? textReply('Written.')
        : toolUseReply({
            name: 'Write',
            input: { file_path: join(h!.cwd, 'auto.txt'), content: 'x' },
          }),
    );
    await h.session.setPermissionMode('acceptEdits');
    await h.waitForEvent('status', (e) => e.permission_mode === 'acceptEdits');
    h.session.send('write it');
    await h.waitForEvent('done');
    expect(h.events.some((e) => e.type === 'permission_request')).toBe(false);
    expect(readFileSync(join(h.cwd, 'auto.txt'), 'utf8')).toBe('x');
  });

  it('delivers a 300 KB prompt intact', async () => {
    h = await openSession(transport, () => textReply('Got it.'));
    const prompt = Array.from({ length: 300_000 / 25 }, (_, i) =>
      `ligne ${i} — ü✓ `.padEnd(25, '.'),
    ).join('');
    h.session.send(prompt);
    await h.waitForEvent('done');
    expect(h.fake.calls[0]?.body).toBeDefined();
    expect(lastUserText(h.fake.calls[0]!.body)).toContain(prompt);
    const receipt = await h.waitForEvent('user_message');
    expect(receipt.text).toBe(prompt);
  });

  it('leaves nothing waiting when the CLI exits while a prompt is pending', async () => {
    h = await openSession(transport, toolThenText('Bash', { command: 'echo x > pending.txt' }));
    h.session.send('run it');
    const request = await h.waitForEvent('permission_request');
    process.kill(h.session.pid!, 'SIGKILL');
    const exited = await h.waitForState('exited');
    expect(exited).toMatchObject({ reason: 'crashed', signal: 'SIGKILL' });
    expect(h.session.pendingPermissions).toEqual([]);
    expect(h.session.answerPermission(request.request_id, { behavior: 'allow' })).toBe(false);
    await h.waitForEvent('permission_cancelled', (e) => e.request_id === request.request_id);
    const error = await h.waitForEvent('error', (e) => e.subtype === 'process_exited');
    expect(error.message).toMatch(/exited unexpectedly.*raw view/);
    expect(h.session.rawSnapshot().length).toBeGreaterThan(0);
    await expect(h.session.interrupt()).rejects.toThrow(/ended/);
  });

  it('leaves no process and no FIFO behind after dispose()', async () => {
    h = await openSession(
      transport,
      toolThenText('Bash', { command: 'echo go > go.txt; sleep 30' }),
    );
    const pid = h.session.pid!;
    h.session.send('sleep');
    const request = await h.waitForEvent('permission_request');
    h.session.answerPermission(request.request_id, { behavior: 'allow' });
    let tree: number[] = [];
    await h.waitUntil(() => {
      tree = descendantsOf(pid);
      return readdirSync(h!.cwd).includes('go.txt') && tree.length > 1;
    }, 'the tool’s sleep to start');
    // The child's stdin: under the pty transport, our private FIFO (a pipe under the other).
    const stdin = transport === 'pty' ? stdinPath(pid) : undefined;
    await h.session.dispose();
    expect(h.session.state).toMatchObject({ state: 'exited', reason: 'disposed' });
    expect(alive([pid, ...tree])).toEqual([]);
    if (stdin) {
      expect(stdin).toMatch(/tether-[^/]+\/stdin$/);
      expect(existsSync(dirname(stdin))).toBe(false);
    }
  });
});

/** A `claude` that prints something of its own before handing over to the real CLI. */
function wrappedClaude(dir: string, prelude: string): string {
  const path = join(dir, 'claude-wrapper.sh');
  writeFileSync(path, `#!/bin/sh\n${prelude}\nexec ${JSON.stringify(CLAUDE_BIN)} "$@"\n`);
  chmodSync(path, 0o755);
  return path;
}

describe.each(transports)('AgentSession over %s: output it does not understand', (transport) => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('counts unhandled output and signals it, while the turn still works', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tether-wrap-'));
    const unhandled: UnhandledOutput[] = [];
    h = await openSession(transport, () => textReply('Fine.'), {
      env: { TETHER_CLAUDE: wrappedClaude(dir, 'echo "Warning: settings file is corrupt" >&2') },
      onSession: (s) => s.onUnhandled((u) => unhandled.push(u)),
    });
    h.session.send('hi');
    await h.waitForEvent('done');
    expect(unhandled[0]).toEqual({ count: 1, line: 'Warning: settings file is corrupt' });
    expect(h.session.unhandledLines).toBe(1);
    expect(h.session.rawSnapshot().toString()).toContain('Warning: settings file is corrupt');
    rmSync(dir, { recursive: true, force: true });
  });

  it('says what the CLI printed when it exits at start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tether-wrap-'));
    const session = new AgentSession();
    const start = session.start({
      cwd: dir,
      transport,
      env: {
        PATH: process.env['PATH'],
        TETHER_CLAUDE: wrappedClaude(dir, 'echo "Invalid API key · Please run /login" >&2; exit 1'),
      },
    });
    await expect(start).rejects.toThrow(
      'Claude Code did not start: Invalid API key · Please run /login',
    );
    expect(session.state).toMatchObject({ state: 'exited', reason: 'failed_to_start', code: 1 });
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('AgentSession closed or used early', () => {
  it('delivers a message sent before the CLI is up, once it is', async () => {
    const fake = await startFakeAnthropic(({ body }) =>
      textReply(`got ${lastUserText(body).slice(-5)}`),
    );
    const dir = mkdtempSync(join(tmpdir(), 'tether-early-'));
    const session = new AgentSession();
    const events: AgentEvent[] = [];
    session.onEvent((e) => events.push(e));
    const started = session.start({
      cwd: dir,
      env: { ...claudeEnv(dir, fake.url), TETHER_CLAUDE: CLAUDE_BIN },
    });
    session.send('early');
    await started;
    // The CLI is up with a turn under way: busy, not ready (closing the block now must ask).
    expect(session.state.state).toBe('busy');
    await new Promise<void>((resolve) => session.onEvent((e) => e.type === 'done' && resolve()));
    expect(events.find((e) => e.type === 'done')).toEqual({ type: 'done', response: 'got early' });
    await session.dispose();
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('ends a session closed while it is still starting, leaving no process', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tether-early-'));
    const session = new AgentSession();
    const pids: number[] = [];
    session.onLifecycle(() => session.pid && pids.push(session.pid));
    const started = session.start({
      cwd: dir,
      env: { ...claudeEnv(dir, 'http://127.0.0.1:9'), TETHER_CLAUDE: CLAUDE_BIN },
    });
    const disposed = session.dispose();
    await expect(started).rejects.toThrow('closed before it started');
    await disposed;
    expect(session.state).toMatchObject({ state: 'exited', reason: 'disposed' });
    // The CLI had been spawned (else there would be nothing to leak), and it is gone.
    expect(new Set(pids).size).toBe(1);
    expect(alive(pids)).toEqual([]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('disposes a session that was never started', async () => {
    const session = new AgentSession();
    await session.dispose();
    expect(session.state).toMatchObject({ state: 'exited', reason: 'disposed' });
  });
});

describe('AgentSession start failures', () => {
  it('gives up on a CLI that never answers, within the start timeout, and ends it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tether-mute-'));
    const mute = join(dir, 'claude');
    writeFileSync(mute, '#!/bin/sh\nexec sleep 30\n');
    chmodSync(mute, 0o755);
    const session = new AgentSession({ timings: { startTimeoutMs: 300, graceMs: 200 } });
    const start = session.start({
      cwd: dir,
      env: { PATH: process.env['PATH'], TETHER_CLAUDE: mute },
    });
    await expect(start).rejects.toThrow(
      'Claude Code did not start: Claude Code did not answer "initialize" within 300 ms.',
    );
    expect(session.state).toMatchObject({ state: 'exited', reason: 'failed_to_start' });
    rmSync(dir, { recursive: true, force: true });
  });

  it('explains a missing CLI: what was tried and how to install it', async () => {
    const session = new AgentSession();
    const states: string[] = [];
    session.onLifecycle((l) => states.push(l.state));
    const start = session.start({
      cwd: process.cwd(),
      env: { PATH: '/nonexistent' },
      // Nothing is executable: this machine may have a claude of its own in an install location.
      locate: { projectDir: '/', isExecutable: () => false },
    });
    await expect(start).rejects.toThrow(/Claude Code CLI not found.*PATH.*Install Claude Code/);
    expect(states).toEqual(['starting', 'exited']);
    expect(session.state).toMatchObject({ reason: 'failed_to_start' });
  });

  it('explains a missing working directory', async () => {
    const session = new AgentSession();
    await expect(session.start({ cwd: '/nonexistent/dir' })).rejects.toThrow(
      /working directory \/nonexistent\/dir does not exist/,
    );
  });
});
