import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/shared/agent-event';
import type { EventMessage, HostResponse } from '../../src/shared/contract/host';
import type { Host } from '../../src/main/host/host';
import { findOnPath, isExecutableFile } from '../../src/main/platform/executables';
import { runSsh, sshCommand, type SshSettings } from '../../src/main/remote/ssh-connection';
import { stripTerminalCodes } from '../../src/shared/strip-terminal-codes';
import { testHost } from '#test/support/test-host';
import {
  lastToolResults,
  lastUserText,
  startFakeAnthropic,
  textReply,
  toolUseReply,
  type FakeAnthropic,
} from '#test/support/fake-anthropic';
import {
  keygen,
  remoteClaudeEnv,
  sshUnavailable,
  startSshServer,
  type SshServer,
} from '#test/support/ssh-server';
import { until as untilWithin } from '#test/support/until';

/** The CLI's start over ssh can take long in a loaded full run: each wait gets a minute. */
const until = (condition: () => boolean, what: string) => untilWithin(condition, what, 60_000);

const reason = sshUnavailable();

const FIRST = '11111111-1111-4111-8111-111111111111';

/**
 * Blocks on a host through the whole host: the contract's requests, the real sshd, the remote
 * user's own disk (its home is not the local one), and the pinned CLI there against the scripted
 * API.
 */
describe.skipIf(reason)(reason ? `remote blocks: skipped, ${reason}` : 'remote blocks', () => {
  let server: SshServer;
  let settings: SshSettings;
  let fake: FakeAnthropic;
  let host: Host;
  /** A folder of the remote user's, made over ssh, for this file's work. */
  let remoteDir: string;
  const localDir = mkdtempSync(join(tmpdir(), 'tether-remote-host-'));
  /** What the fake API does for a prompt: set by each test. */
  let reply: (prompt: string, toolResults: number) => ReturnType<typeof textReply> = () =>
    textReply('Hello from the remote.');

  const remote = async (command: string) => {
    const result = await runSsh(
      sshCommand({ host: server.alias }, settings, { kind: 'pipe', command }),
    );
    return { code: result.code, out: result.stdout.trim() };
  };

  beforeAll(async () => {
    server = await startSshServer();
    settings = server.settings();
    fake = await startFakeAnthropic(({ body }) =>
      reply(lastUserText(body), lastToolResults(body).length),
    );
    const made = await runSsh(
      sshCommand({ host: server.alias }, settings, {
        kind: 'pipe',
        command:
          'dir=$(mktemp -d) && mkdir "$dir/claude" "$dir/tmp" "$dir/work" "$dir/work/projects" && echo "$dir"',
        opensMaster: true,
      }),
    );
    remoteDir = made.stdout.trim();
    host = testHost(localDir, {
      // The library reads the host's session files (what a reconnect missed); this computer's
      // own are an empty folder.
      libraryIndexDir: join(localDir, 'library'),
      environment: Promise.resolve({ ...process.env, CLAUDE_CONFIG_DIR: join(localDir, 'claude') }),
      remote: {
        ssh: { configFile: settings.configFile!, controlDir: settings.controlDir },
        recentFile: join(localDir, 'recent-hosts.json'),
        agentEnv: remoteClaudeEnv(fake.url, remoteDir),
      },
    });
  });

  afterAll(async () => {
    await host?.dispose();
    await fake?.close();
    await server?.stop();
    rmSync(localDir, { recursive: true, force: true });
    // The remote user's folder is on this disk (the sshd runs here): it goes with the run.
    if (remoteDir) rmSync(remoteDir, { recursive: true, force: true });
  });

  function client() {
    const messages: EventMessage[] = [];
    const connection = host.connect((m) => messages.push(m));
    const request = async <T = unknown>(name: string, params: unknown): Promise<T> => {
      const response: HostResponse = await connection.request(name, params);
      if (!response.ok) throw new Error(response.error);
      return response.result as T;
    };
    const output = (terminalId: string) =>
      stripTerminalCodes(
        Buffer.concat(
          messages.flatMap((m) =>
            m.name === 'terminalData' && m.payload.terminalId === terminalId
              ? [Buffer.from(m.payload.data)]
              : [],
          ),
        ).toString('utf8'),
      );
    const events = (agentId: string) =>
      messages.flatMap((m) =>
        m.name === 'agentEvents' && m.payload.agentId === agentId ? m.payload.events : [],
      );
    const state = (agentId: string) =>
      messages
        .flatMap((m) =>
          m.name === 'agentState' && m.payload.agentId === agentId ? [m.payload.state] : [],
        )
        .at(-1);
    return { connection, messages, request, output, events, state };
  }

  const of = <T extends AgentEvent['type']>(events: AgentEvent[], type: T) =>
    events.filter((e): e is AgentEvent & { type: T } => e.type === type);

  it('offers the configured hosts, connects, says where home is and completes its folders', async () => {
    const c = client();
    server.addHost('tether-other', []);
    const before = await c.request<{ hosts: { host: string; recent: boolean }[] }>(
      'listSshHosts',
      {},
    );
    expect(before.hosts).toEqual([
      { host: server.alias, recent: false },
      { host: 'tether-other', recent: false },
    ]);
    expect(await c.request('connectSshHost', { host: server.alias })).toEqual({
      home: server.home,
    });
    // Typed, not configured: offered as a recent host from now on.
    const typed = `${server.user}@tether-other`;
    expect(await c.request('connectSshHost', { host: typed })).toEqual({ home: server.home });
    expect((await c.request<{ hosts: unknown[] }>('listSshHosts', {})).hosts).toEqual([
      ...before.hosts,
      { host: typed, recent: true },
    ]);
    await expect(c.request('connectSshHost', { host: '-oProxyCommand=x' })).rejects.toThrow(
      'connectSshHost: host: a host is one word that does not start with -',
    );
    expect(server.home).not.toBe(process.env['HOME']);
    const folders = await c.request<{ folders: string[] }>('listRemoteFolders', {
      host: server.alias,
      prefix: `${remoteDir}/work/pro`,
    });
    expect(folders.folders).toEqual([`${remoteDir}/work/projects/`]);
  }, 180_000);

  it('runs a terminal on the host: in its folder, resized, and disconnected when the link dies', async () => {
    const c = client();
    const opened = await c.request<{ cwd: string }>('openTerminal', {
      terminalId: 't1',
      host: server.alias,
      cwd: `${remoteDir}/work`,
      cols: 80,
      rows: 24,
    });
    expect(opened.cwd).toBe(`${remoteDir}/work`);
    await c.request('writeTerminal', { terminalId: 't1', data: 'pwd; whoami\r' });
    await until(
      () => c.output('t1').includes(`${remoteDir}/work\r\n${server.user}`),
      'pwd and whoami on the host',
    );
    await c.request('resizeTerminal', { terminalId: 't1', cols: 101, rows: 33 });
    await c.request('writeTerminal', { terminalId: 't1', data: 'stty size\r' });
    await until(() => c.output('t1').includes('33 101'), 'the new size on the host');

    // Its processes are the remote's: what runs is read from the shell's marks.
    const busy = () => c.request('terminalBusy', { terminalId: 't1' });
    await expect.poll(busy).toEqual({ busy: false });
    await c.request('writeTerminal', { terminalId: 't1', data: 'sleep 30\r' });
    await expect.poll(busy).toEqual({ busy: true, command: 'sleep 30' });
    await c.request('writeTerminal', { terminalId: 't1', data: '\x03' });
    await expect.poll(busy).toEqual({ busy: false });

    // The shared connection goes (as `ssh -O exit`, or a master killed): its terminals end, and
    // say why, not as a shell that exited.
    await runSsh(
      sshCommand({ host: server.alias }, settings, { kind: 'control', operation: 'exit' }),
    );
    await until(() => c.messages.some((m) => m.name === 'terminalExit'), 'the terminal to end');
    const exit = c.messages.find((m) => m.name === 'terminalExit')!.payload as {
      exitCode: number;
      disconnected?: string;
    };
    expect(exit.exitCode).toBe(255);
    expect(exit.disconnected).toBe(
      `The connection to ${server.alias} was lost: Shared connection to 127.0.0.1 closed.`,
    );

    // A new shell in the same folder: the block reconnects.
    await c.request('openTerminal', {
      terminalId: 't1',
      host: server.alias,
      cwd: `${remoteDir}/work`,
      cols: 80,
      rows: 24,
    });
    await c.request('writeTerminal', { terminalId: 't1', data: 'echo again-$((6*7))\r' });
    await until(() => c.output('t1').includes('again-42'), 'the new shell');

    // A shell that exits 255 itself (its last command a failed ssh) is no lost connection.
    await c.request('writeTerminal', { terminalId: 't1', data: 'exit 255\r' });
    const exits = () => c.messages.filter((m) => m.name === 'terminalExit');
    await until(() => exits().length === 2, 'the shell to exit');
    expect(exits()[1]!.payload).toEqual({ terminalId: 't1', exitCode: 254, signal: null });
  }, 180_000);

  const tcsh = findOnPath('tcsh', {
    env: process.env,
    platform: 'linux',
    isExecutable: isExecutableFile,
  });
  it.skipIf(!tcsh)(
    tcsh
      ? 'cannot tell what runs in a plain shell there (tcsh), and says so rather than "not busy"'
      : 'a plain shell there: skipped, tcsh is not installed',
    async () => {
      const account = server.userWithShell(tcsh!);
      const c = client();
      await c.request('openTerminal', {
        terminalId: 't9',
        host: account.alias,
        cols: 80,
        rows: 24,
      });
      await c.request('writeTerminal', { terminalId: 't9', data: 'echo plain""-shell\r' });
      await until(() => c.output('t9').includes('plain-shell'), 'the plain shell');
      expect(await c.request('terminalBusy', { terminalId: 't9' })).toEqual({
        busy: true,
        unknown: true,
      });
      await c.request('closeTerminal', { terminalId: 't9' });
    },
    120_000,
  );

  it('runs an agent on the host: a permission dialog, a Write on the remote disk, rewound', async () => {
    reply = (prompt, results) =>
      results > 0
        ? textReply('Wrote it.')
        : prompt.includes('write')
          ? toolUseReply({
              name: 'Write',
              input: { file_path: `${remoteDir}/work/notes.txt`, content: 'remote notes\n' },
            })
          : textReply(`echo: ${prompt}`);
    const c = client();
    await remote(`printf 'as it was\\n' > ${remoteDir}/work/notes.txt`);
    const opened = await c.request<{ cwd: string }>('openAgent', {
      agentId: 'a1',
      host: server.alias,
      cwd: `${remoteDir}/work`,
    });
    expect(opened.cwd).toBe(`${remoteDir}/work`);
    await c.request('sendAgentMessage', { agentId: 'a1', text: 'please write', uuid: FIRST });
    await until(() => of(c.events('a1'), 'permission_request').length === 1, 'the permission');
    const { request_id } = of(c.events('a1'), 'permission_request')[0]!;
    await c.request('answerPermission', {
      agentId: 'a1',
      requestId: request_id,
      decision: { behavior: 'allow' },
    });
    await until(() => of(c.events('a1'), 'done').length === 1, 'the turn');
    expect((await remote(`cat ${remoteDir}/work/notes.txt`)).out).toBe('remote notes');
    // Written by the remote user: the CLI that wrote it ran there.
    expect((await remote(`stat -c %U ${remoteDir}/work/notes.txt`)).out).toBe(server.user);
    const started = of(c.events('a1'), 'session_started')[0]!;
    expect(started.cwd).toBe(`${remoteDir}/work`);

    // Rewind is the remote CLI's own: the file comes back there.
    expect(await c.request('previewRewind', { agentId: 'a1', userMessageId: FIRST })).toEqual({
      files: [`${remoteDir}/work/notes.txt`],
      insertions: 1,
      deletions: 1,
    });
    await c.request('rewindFiles', { agentId: 'a1', userMessageId: FIRST });
    expect((await remote(`cat ${remoteDir}/work/notes.txt`)).out).toBe('as it was');
    await c.request('closeAgent', { agentId: 'a1' });
  }, 180_000);

  it('loses the connection mid-turn and mid-prompt: disconnected, withdrawn, resumed with nothing lost or doubled', async () => {
    reply = (prompt, results) => {
      if (prompt.includes('slow')) {
        return textReply('slow reply', { delayMs: 60_000 });
      }
      if (prompt.includes('ask') && results === 0) {
        return toolUseReply({
          name: 'Write',
          input: { file_path: `${remoteDir}/work/asked.txt`, content: 'asked\n' },
        });
      }
      return textReply(`echo: ${prompt}`);
    };
    const c = client();
    await c.request('openAgent', { agentId: 'a2', host: server.alias, cwd: `${remoteDir}/work` });
    await c.request('sendAgentMessage', { agentId: 'a2', text: 'first' });
    await until(() => of(c.events('a2'), 'done').length === 1, 'the first turn');
    const sessionId = of(c.events('a2'), 'session_started')[0]!.session_id;

    // Mid-prompt: a permission is pending when the link dies.
    await c.request('sendAgentMessage', { agentId: 'a2', text: 'ask me' });
    await until(() => of(c.events('a2'), 'permission_request').length === 1, 'the permission');
    await runSsh(
      sshCommand({ host: server.alias }, settings, { kind: 'control', operation: 'exit' }),
    );
    await until(() => c.state('a2')?.state === 'exited', 'the session to end');
    expect(c.state('a2')).toMatchObject({
      state: 'exited',
      reason: 'disconnected',
      message: expect.stringContaining(`The connection to ${server.alias} was lost`),
    });
    // The pending question is reported withdrawn, not left waiting for an answer no CLI can take.
    const requestId = of(c.events('a2'), 'permission_request')[0]!.request_id;
    expect(of(c.events('a2'), 'permission_cancelled')).toEqual([
      { type: 'permission_cancelled', request_id: requestId },
    ]);

    // Reconnect, as the block's Reconnect does: the same Claude session, the log as history.
    const shown = c.events('a2');
    await c.request('closeAgent', { agentId: 'a2' });
    const reopened = await c.request<{ history: AgentEvent[] }>('openAgent', {
      agentId: 'a2',
      host: server.alias,
      cwd: `${remoteDir}/work`,
      resumeSessionId: sessionId,
    });
    expect(reopened.history).toEqual(shown);
    const before = c.events('a2').length;
    await c.request('sendAgentMessage', { agentId: 'a2', text: 'after' });
    await until(
      () => of(c.events('a2').slice(before), 'done').length === 1,
      'the turn after reconnecting',
    );
    const after = c.events('a2').slice(before);
    expect(of(after, 'session_started')[0]!.session_id).toBe(sessionId);
    expect(
      of(after, 'assistant_text')
        .map((e) => e.text)
        .join(''),
    ).toBe('echo: after');
    // The resumed conversation held the first turn: it was the remote's session file.
    expect(JSON.stringify(fake.calls.at(-1)!.body.messages)).toContain('first');

    // Mid-turn: the reply is on its way when the link dies.
    const turns = of(c.events('a2'), 'done').length;
    const calls = fake.calls.length;
    await c.request('sendAgentMessage', { agentId: 'a2', text: 'slow one' });
    // The CLI waits on the API for its reply, not on its input, when the link dies.
    await until(
      () => fake.calls.slice(calls).some((call) => lastUserText(call.body).includes('slow one')),
      'the turn to run',
    );
    await runSsh(
      sshCommand({ host: server.alias }, settings, { kind: 'control', operation: 'exit' }),
    );
    await until(() => c.state('a2')?.state === 'exited', 'the session to end');
    expect(c.state('a2')).toMatchObject({ reason: 'disconnected' });
    expect(of(c.events('a2'), 'done')).toHaveLength(turns);

    // The remote CLI goes on with its turn (its reply is still on the way), as one whose link
    // died unnoticed would: the reconnect ends it before it resumes the session.
    const clis = async () =>
      (await remote('ps -u "$USER" -o pid=,args=')).out
        .split('\n')
        .filter((line) => line.includes(`--resume=${sessionId}`))
        .map((line) => line.trim().split(' ')[0]);
    const left = await clis();
    expect(left).toHaveLength(1);
    await c.request('closeAgent', { agentId: 'a2' });
    await c.request('openAgent', {
      agentId: 'a2',
      host: server.alias,
      cwd: `${remoteDir}/work`,
      resumeSessionId: sessionId,
    });
    await until(() => c.state('a2')?.state === 'ready' || c.state('a2')?.state === 'idle', 'ready');
    // The old one was ended before the new one started: one CLI on the session.
    const now = await clis();
    expect(now).toHaveLength(1);
    expect(now).not.toEqual(left);
    // Its pid is kept in a folder of the remote user's own that no one else may enter.
    const pids = (await remote('cd ~/.cache/tether && stat -c %a . && ls')).out.split('\n');
    expect(pids[0]).toBe('700');
    expect(pids).toContain('claude-a2.pid');
    await c.request('closeAgent', { agentId: 'a2' });
  }, 180_000);

  it('shows what the remote CLI did while the link was down, once, when the block reconnects', async () => {
    const whole = 'Part one of it. Part two of it. Part three of it.';
    reply = (prompt) =>
      prompt.includes('go on') ? textReply(whole, { chunks: 3, delayMs: 1_500 }) : textReply('ok');
    const c = client();
    const open = (resumeSessionId?: string) =>
      c.request<{ history: AgentEvent[] }>('openAgent', {
        agentId: 'a4',
        host: server.alias,
        cwd: `${remoteDir}/work`,
        ...(resumeSessionId ? { resumeSessionId } : {}),
      });
    await open();
    await c.request('sendAgentMessage', { agentId: 'a4', text: 'first' });
    await until(() => of(c.events('a4'), 'done').length === 1, 'the first turn');
    const sessionId = of(c.events('a4'), 'session_started')[0]!.session_id;
    // The text after the prompt "go on".
    const replyText = () => {
      const events = c.events('a4');
      const asked = events.findIndex((e) => e.type === 'user_message' && e.text === 'go on');
      return asked < 0
        ? ''
        : of(events.slice(asked), 'assistant_text')
            .map((e) => e.text)
            .join('');
    };

    // The link dies with the reply part way through.
    await c.request('sendAgentMessage', { agentId: 'a4', text: 'go on' });
    await until(() => replyText().length > 0, 'the reply to begin');
    await runSsh(
      sshCommand({ host: server.alias }, settings, { kind: 'control', operation: 'exit' }),
    );
    await until(() => c.state('a4')?.state === 'exited', 'the session to end');
    const cutAt = replyText();
    expect(cutAt).toBe(whole.slice(0, cutAt.length));
    expect(cutAt.length).toBeLessThan(whole.length);
    // The CLI there goes on and writes the whole reply to its session file.
    const file = `${remoteDir}/claude/projects/*/${sessionId}.jsonl`;
    await expect
      .poll(async () => (await remote(`grep -c 'Part three' ${file} || true`)).out, {
        timeout: 30_000,
      })
      .not.toBe('0');

    await c.request('closeAgent', { agentId: 'a4' });
    await open(sessionId);
    await until(
      () => of(c.events('a4'), 'notice').some((n) => n.text.includes('was not connected to it')),
      'what was missed',
    );
    // The reply is whole, no part of it twice, and the turn after goes on from there.
    expect(replyText()).toBe(whole);
    const before = c.events('a4').length;
    await c.request('sendAgentMessage', { agentId: 'a4', text: 'after' });
    await until(
      () => of(c.events('a4').slice(before), 'done').length === 1,
      'the turn after reconnecting',
    );
    expect(of(c.events('a4'), 'user_message').map((e) => e.text)).toEqual([
      'first',
      'go on',
      'after',
    ]);
    await c.request('closeAgent', { agentId: 'a4' });
  }, 180_000);

  it('ends the CLI a lost link left running when its block is closed for good, at the next connection', async () => {
    reply = () => textReply('slow reply', { delayMs: 60_000 });
    const c = client();
    await c.request('openAgent', { agentId: 'a3', host: server.alias, cwd: `${remoteDir}/work` });
    const calls = fake.calls.length;
    await c.request('sendAgentMessage', { agentId: 'a3', text: 'slow' });
    // Mid-turn: the CLI waits on the API for its reply, not on its input.
    await until(
      () => fake.calls.slice(calls).some((call) => lastUserText(call.body).includes('slow')),
      'the call',
    );
    const pid = (await remote('cat ~/.cache/tether/claude-a3.pid')).out;
    const alive = async () =>
      (await remote(`ps -p ${pid} -o args= | grep -c stream-json || true`)).out === '1';
    await runSsh(
      sshCommand({ host: server.alias }, settings, { kind: 'control', operation: 'exit' }),
    );
    await until(() => c.state('a3')?.state === 'exited', 'the session to end');
    // Closed for good while the link is down: nothing reaches the host now, and the CLI there
    // goes on with its turn, as one whose link died unnoticed would.
    await c.request('closeAgent', { agentId: 'a3', forget: true });
    expect(await alive()).toBe(true);
    // The next connection to the host ends it, and its record.
    await c.request('connectSshHost', { host: server.alias });
    await expect.poll(alive, { timeout: 20_000 }).toBe(false);
    await expect
      .poll(async () => (await remote('ls ~/.cache/tether')).out, { timeout: 5_000 })
      .not.toContain('claude-a3.pid');
  }, 120_000);

  it("puts ssh's questions to every client (SSH asks) and waits for the answer", async () => {
    const passphrase = 'correct horse';
    const locked = join(server.dir, 'locked_ed25519');
    keygen(locked, passphrase);
    server.authorize(readFileSync(`${locked}.pub`, 'utf8'));
    server.addHost('tether-locked', [`IdentityFile ${locked}`]);
    const knownHosts = join(server.dir, 'fresh_known_hosts');
    writeFileSync(knownHosts, '');
    server.addHost('tether-fresh', [
      `UserKnownHostsFile ${knownHosts}`,
      'StrictHostKeyChecking ask',
    ]);
    const c = client();
    const asks = () => c.messages.flatMap((m) => (m.name === 'sshAsk' ? [m.payload] : []));
    const done = () =>
      c.messages.flatMap((m) => (m.name === 'sshAskDone' ? [m.payload.askId] : []));
    // Every alias here is one machine, port and user, so one master serves them all and asks
    // nothing: each question needs the connection made anew.
    const closeMaster = () =>
      runSsh(sshCommand({ host: server.alias }, settings, { kind: 'control', operation: 'exit' }));
    await closeMaster();

    // An unknown host key: a yes/no question with the fingerprint; nothing goes on until answered.
    const fresh = c.request('connectSshHost', { host: 'tether-fresh' });
    await until(() => asks().length === 1, 'the host key question');
    const hostKey = asks()[0]!;
    expect(hostKey).toMatchObject({ host: 'tether-fresh', kind: 'confirm' });
    expect(hostKey.prompt).toContain("can't be established");
    expect(hostKey.prompt).toMatch(/SHA256:/);
    // A page that loads now (a reload while ssh waits) still finds the question.
    expect(await client().request('pendingSshAsks', {})).toEqual({ asks: [hostKey] });
    expect(await c.request('answerSshAsk', { askId: hostKey.askId, answer: 'yes' })).toEqual({
      answered: true,
    });
    expect(done()).toEqual([hostKey.askId]);
    await expect(fresh).resolves.toEqual({ home: server.home });
    expect(await c.request('pendingSshAsks', {})).toEqual({ asks: [] });
    expect(readFileSync(knownHosts, 'utf8')).toContain(server.knownHostsLine);
    // Answered once: a second answer finds nothing to answer.
    expect(await c.request('answerSshAsk', { askId: hostKey.askId, answer: 'no' })).toEqual({
      answered: false,
    });

    // A key's passphrase, cancelled: the connection gives up cleanly, in one sentence.
    await closeMaster();
    const cancelled = c.request('connectSshHost', { host: 'tether-locked' });
    await until(() => asks().length === 2, 'the passphrase question');
    expect(asks()[1]).toMatchObject({ host: 'tether-locked', kind: 'secret' });
    await c.request('answerSshAsk', { askId: asks()[1]!.askId, answer: null });
    await expect(cancelled).rejects.toThrow(
      'connectSshHost: tether-locked refused the login: none of your keys (or passwords) were accepted.',
    );
    // Answered: it connects.
    const answered = c.request('connectSshHost', { host: 'tether-locked' });
    await until(() => asks().length === 3, 'the passphrase question again');
    await c.request('answerSshAsk', { askId: asks()[2]!.askId, answer: passphrase });
    await expect(answered).resolves.toEqual({ home: server.home });

    // A block closed while its ssh still asks: once answered, no shell starts for it.
    await closeMaster();
    const opening = c.request('openTerminal', {
      terminalId: 't5',
      host: 'tether-locked',
      cols: 80,
      rows: 24,
    });
    await until(() => asks().length === 4, 'the passphrase for the terminal');
    await c.request('closeTerminal', { terminalId: 't5' });
    await c.request('answerSshAsk', { askId: asks()[3]!.askId, answer: passphrase });
    await expect(opening).rejects.toThrow('the terminal was closed while it connected');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(c.output('t5')).toBe('');
  }, 180_000);

  it('says in one sentence when the host cannot be reached, and the other blocks go on', async () => {
    server.addHost('tether-nowhere', ['Port 1']);
    const c = client();
    await expect(
      c.request('openTerminal', {
        terminalId: 't9',
        host: 'tether-nowhere',
        cols: 80,
        rows: 24,
      }),
    ).rejects.toThrow(
      'openTerminal: tether-nowhere refused the connection: no ssh server listens on that port.',
    );
    await c.request('openAgent', { agentId: 'a9', host: 'tether-nowhere', cwd: '/srv' });
    await until(() => c.state('a9')?.state === 'exited', 'the start to fail');
    expect(c.state('a9')).toMatchObject({
      reason: 'failed_to_start',
      message:
        'Could not start Claude Code: tether-nowhere refused the connection: no ssh server listens on that port.',
    });
    await c.request('closeAgent', { agentId: 'a9', forget: true });
  }, 180_000);

  it('says in one sentence when the host has no Claude Code', async () => {
    // A remote user whose home holds no `claude` and whose login PATH has none: the remote's own
    // lookup (login PATH, then the installers' places) finds nothing.
    const bare = (await remote('mktemp -d')).out;
    const lacking = testHost(localDir, {
      remote: {
        ssh: { configFile: settings.configFile!, controlDir: settings.controlDir },
        recentFile: join(localDir, 'recent-hosts.json'),
        agentEnv: { HOME: bare },
      },
    });
    try {
      const messages: EventMessage[] = [];
      const connection = lacking.connect((m) => messages.push(m));
      await connection.request('openAgent', { agentId: 'a8', host: server.alias, cwd: bare });
      const state = () =>
        messages.flatMap((m) => (m.name === 'agentState' ? [m.payload.state] : [])).at(-1);
      await until(() => state()?.state === 'exited', 'the start to fail');
      expect(state()).toMatchObject({
        reason: 'failed_to_start',
        message: expect.stringContaining(
          `Claude Code is not installed on ${hostname()}: not on the login PATH, nor in ~/.local/bin`,
        ),
      });
    } finally {
      await lacking.dispose();
    }
  }, 180_000);
});
