import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentSession } from '../../src/main/agent/agent-session';
import { remoteSessionHost } from '../../src/main/remote/remote-agent';
import {
  connect,
  runSsh,
  sshCommand,
  type SshSettings,
} from '../../src/main/remote/ssh-connection';
import type { AgentEvent } from '../../src/shared/agent-event';
import {
  messageText,
  startFakeAnthropic,
  textReply,
  type FakeAnthropic,
  type MessagesCall,
} from '#test/support/fake-anthropic';
import {
  remoteClaudeEnv,
  sshUnavailable,
  startSshServer,
  type SshServer,
} from '#test/support/ssh-server';
import { until } from '#test/support/until';

const reason = sshUnavailable();

describe.skipIf(reason)(reason ? `remote agent: skipped, ${reason}` : 'remote agent', () => {
  let server: SshServer;
  let settings: SshSettings;
  let fake: FakeAnthropic;
  /** A folder of the remote user's, made over ssh: the CLI's config, temp files and work. */
  let remoteDir: string;
  const localDir = mkdtempSync(`${tmpdir()}/tether-remote-agent-`);
  const sessions: AgentSession[] = [];

  beforeAll(async () => {
    server = await startSshServer();
    settings = server.settings();
    fake = await startFakeAnthropic(() => textReply('Hello from the remote.'));
    const made = await runSsh(
      sshCommand({ host: server.alias }, settings, {
        kind: 'pipe',
        command: 'dir=$(mktemp -d) && mkdir "$dir/claude" "$dir/tmp" "$dir/work" && echo "$dir"',
        opensMaster: true,
      }),
    );
    expect(made.code).toBe(0);
    remoteDir = made.stdout.trim();
  });

  afterAll(async () => {
    for (const session of sessions) await session.dispose();
    await fake?.close();
    await server?.stop();
    rmSync(localDir, { recursive: true, force: true });
    // The remote user's folder is on this disk (the sshd runs here): it goes with the run.
    if (remoteDir) rmSync(remoteDir, { recursive: true, force: true });
  });

  async function startRemote(resume?: string, where = { host: server.alias, folder: 'work' }) {
    const session = new AgentSession({
      host: remoteSessionHost({
        connect: async () => {
          await connect({ host: where.host }, settings);
          return { target: { host: where.host }, settings };
        },
        cwd: `${remoteDir}/${where.folder}`,
        env: remoteClaudeEnv(fake.url, remoteDir),
      }),
    });
    sessions.push(session);
    const events: AgentEvent[] = [];
    session.onEvent((event) => events.push(event));
    // The local ssh runs here; the CLI runs in the remote folder.
    await session.start({ cwd: localDir, env: {}, ...(resume ? { resume } : {}) });
    return { session, events };
  }

  const conversation = (call: MessagesCall) =>
    call.body.messages.map((message) => messageText(message)).join('\n');
  const reply = (events: AgentEvent[]) =>
    events.flatMap((e) => (e.type === 'assistant_text' ? [e.text] : [])).join('');

  it('runs claude on the remote over ssh -T, and resumes its session there', async () => {
    const first = await startRemote();
    first.session.send('hello over there');
    await until(() => first.events.some((e) => e.type === 'done'), 'the remote turn', 60_000);
    expect(reply(first.events)).toBe('Hello from the remote.');
    expect(conversation(fake.calls.at(-1)!)).toContain('hello over there');
    const started = first.events.find(
      (e): e is Extract<AgentEvent, { type: 'session_started' }> => e.type === 'session_started',
    );
    expect(started).toMatchObject({ cwd: `${remoteDir}/work` });
    const sessionId = started!.session_id;
    // The transcript is the remote's, in its config folder, as a remote user's would be.
    const listed = await runSsh(
      sshCommand({ host: server.alias }, settings, {
        kind: 'pipe',
        command: `ls "${remoteDir}"/claude/projects/*/${sessionId}.jsonl`,
      }),
    );
    expect(listed.code).toBe(0);
    const remoteClis = async () =>
      (
        await runSsh(
          sshCommand({ host: server.alias }, settings, {
            kind: 'pipe',
            command: 'ps -u "$USER" -o args=',
          }),
        )
      ).stdout
        .split('\n')
        .filter((line) => line.includes('--input-format stream-json'));
    expect(await remoteClis()).toHaveLength(1);
    await first.session.dispose();
    // Closing the session ended the remote CLI too (its input closed over ssh), not just ssh.
    expect(await remoteClis()).toEqual([]);

    // Reconnecting: a new ssh, the same remote session.
    const second = await startRemote(sessionId);
    second.session.send('and again');
    await until(() => second.events.some((e) => e.type === 'done'), 'the resumed turn', 60_000);
    expect(reply(second.events)).toBe('Hello from the remote.');
    // The remote CLI sent the earlier turn along: it read the session back from the remote disk.
    const resumed = conversation(fake.calls.at(-1)!);
    expect(resumed).toContain('hello over there');
    expect(resumed).toContain('Hello from the remote.');
    expect(resumed).toContain('and again');
    // Every ssh here rode the one master: one login for the whole test.
    expect(server.authentications()).toBe(1);
  }, 120_000);

  it("fails the start with ssh's reason when the host cannot be reached", async () => {
    server.addHost('nowhere', ['Port 1']);
    await expect(startRemote(undefined, { host: 'nowhere', folder: 'work' })).rejects.toThrow(
      'Could not start Claude Code: nowhere refused the connection: no ssh server listens on that port.',
    );
  });

  it("fails the start with the remote shell's words when the folder is not there", async () => {
    await expect(startRemote(undefined, { host: server.alias, folder: 'gone' })).rejects.toThrow(
      `Claude Code did not start: There is no folder ${remoteDir}/gone on ${hostname()} (or this user may not enter it).`,
    );
  });
});
