import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventMessage } from '../../src/shared/contract/host';
import { posixQuote } from '../../src/shared/posix-quote';
import { LibraryService } from '../../src/main/host/library-service';
import { RemoteHosts } from '../../src/main/host/remote-hosts';
import type { LibraryRemote } from '../../src/main/library/remote/host-libraries';
import { ON_DISK_DIR } from '#test/conformance/on-disk';
import { sshUnavailable, startSshServer, type SshServer } from '#test/support/ssh-server';

const reason = sshUnavailable();

/** The recordings' sessions as the CLI wrote them: one for the host, one for this computer. */
const REMOTE_FIXTURE = join(ON_DISK_DIR, 'two-turns.jsonl');
const LOCAL_FIXTURE = join(ON_DISK_DIR, 'plain-text.jsonl');
const PROJECT = '-work-app';

async function sessionIdOf(file: string): Promise<string> {
  return /"sessionId":"([^"]+)"/.exec(await readFile(file, 'utf8'))![1]!;
}

/**
 * The session library with a host's sessions: the real sshd, the remote user's own disk (its
 * home is not the local one), the files the real CLI writes put there over ssh, and the library
 * fetching and indexing them over the host's shared connection.
 */
describe.skipIf(reason)(reason ? `remote library: skipped, ${reason}` : 'remote library', () => {
  let server: SshServer;
  let remote: RemoteHosts;
  let host: string;
  /** The remote CLI's folder (its CLAUDE_CONFIG_DIR), in a folder of the remote user's. */
  let remoteClaude: string;
  let remoteSessionId: string;
  let remoteFile: string;
  let localSessionId: string;
  const dir = { path: '' };
  const services: LibraryService[] = [];

  beforeAll(async () => {
    server = await startSshServer();
    const settings = server.settings();
    host = server.alias;
    remote = new RemoteHosts({
      ssh: () => ({ configFile: settings.configFile!, controlDir: settings.controlDir }),
      environment: async () => process.env,
      broadcast: () => {},
    });
    await remote.connect(host);
    remoteClaude = `${(await remote.run(host, 'mktemp -d')).trim()}/claude`;
    remoteSessionId = await sessionIdOf(REMOTE_FIXTURE);
    remoteFile = `${remoteClaude}/projects/${PROJECT}/${remoteSessionId}.jsonl`;
    const [copied] = await remote.copy(host, [REMOTE_FIXTURE]);
    await remote.run(
      host,
      `mkdir -p ${posixQuote(`${remoteClaude}/projects/${PROJECT}`)} && mv ${posixQuote(copied!)} ${posixQuote(remoteFile)}`,
    );

    dir.path = await mkdtemp(join(tmpdir(), 'tether-remote-library-'));
    localSessionId = await sessionIdOf(LOCAL_FIXTURE);
    await mkdir(join(dir.path, 'claude', 'projects', '-here'), { recursive: true });
    await copyFile(
      LOCAL_FIXTURE,
      join(dir.path, 'claude', 'projects', '-here', `${localSessionId}.jsonl`),
    );
  });

  afterAll(async () => {
    await Promise.all(services.map((service) => service.dispose()));
    await remote?.run(host, `rm -rf ${posixQuote(remoteClaude.replace(/\/claude$/, ''))}`);
    await remote?.dispose();
    await server?.stop();
    await rm(dir.path, { recursive: true, force: true });
  });

  /** A library over this computer's folder and the hosts `through` reaches, its index its own. */
  function service(through: LibraryRemote = remote) {
    const events: EventMessage[] = [];
    const library = new LibraryService(
      {
        indexDir: join(dir.path, `index-${services.length}`),
        environment: Promise.resolve({ CLAUDE_CONFIG_DIR: join(dir.path, 'claude') }),
        log: () => {},
        remote: through,
        remoteClaudeConfigDir: remoteClaude,
      },
      (event) => events.push(event),
    );
    services.push(library);
    return { library, events, indexDir: join(dir.path, `index-${services.length - 1}`) };
  }

  it("lists the host's sessions under its filter once a listing has fetched them, this computer's without it", async () => {
    const { library, events } = service();
    expect((await library.list({})).hosts).toEqual([host]);
    // This computer's first build runs in the background too.
    await expect
      .poll(async () => (await library.list({})).sessions.map((s) => [s.sessionId, s.host]), {
        timeout: 20_000,
      })
      .toEqual([[localSessionId, undefined]]);
    // The listing fetched the host's sessions in the background, and said when they were in.
    await expect
      .poll(async () => (await library.list({ host })).sessions.length, { timeout: 20_000 })
      .toBe(1);
    expect(events.some((event) => event.name === 'libraryChanged')).toBe(true);
    const { sessions, projects, problems } = await library.list({ host });
    expect(sessions[0]).toMatchObject({
      sessionId: remoteSessionId,
      host,
      project: expect.stringMatching(/^\/tmp\/tether-rec-cwd-two-turns/),
      title: 'First question: what is 1+1?',
    });
    expect(projects).toHaveLength(1);
    expect(problems.hosts).toEqual([]);
  });

  it('finds words of a host session, reads it, and says where its file is there', async () => {
    const { library } = service();
    await library.rescan();
    const { hits } = await library.search({ query: 'First question', host });
    expect(hits.map((hit) => [hit.session.sessionId, hit.session.host])).toEqual([
      [remoteSessionId, host],
    ]);
    expect(hits[0]!.snippet.text).toContain('First question');
    // This computer's sessions are searched apart.
    expect((await library.search({ query: 'First question' })).hits).toEqual([]);

    const read = await library.read(remoteSessionId, host);
    expect(read.session.host).toBe(host);
    expect(read.events).toContainEqual(
      expect.objectContaining({ type: 'user_message', text: 'First question: what is 1+1?' }),
    );
    expect(await library.reveal(remoteSessionId, host)).toEqual({
      path: `${host}:${remoteFile}`,
      revealed: false,
    });
    // What a block resuming it on the host shows first.
    const past = await library.pastTranscript(remoteSessionId, host);
    expect(past?.filter((event) => event.type === 'user_message')).toHaveLength(2);
  });

  it('fetches a host session that changed, and lets one that went go', async () => {
    const { library, indexDir } = service();
    await library.rescan();
    // One more prompt, as the CLI appends it.
    const text = await readFile(REMOTE_FIXTURE, 'utf8');
    const prompt = text
      .split('\n')
      .find((line) => line.includes('"type":"user"') && line.includes('First question'))!;
    const added = prompt
      .replace('First question: what is 1+1?', 'Which zebra crossed the remote road?')
      .replace(/"uuid":"[^"]+"/, '"uuid":"6a1f7c2e-0b9d-4e3a-9c55-0d1e2f3a4b5c"');
    await remote.run(host, `printf '%s\\n' ${posixQuote(added)} >> ${posixQuote(remoteFile)}`);
    await library.rescan();
    const { hits } = await library.search({ query: 'zebra crossed', host });
    expect(hits.map((hit) => hit.session.sessionId)).toEqual([remoteSessionId]);

    await remote.run(host, `mv ${posixQuote(remoteFile)} ${posixQuote(`${remoteFile}.gone`)}`);
    try {
      await library.rescan();
      expect((await library.list({ host })).sessions).toEqual([]);
      expect(
        existsSync(
          join(indexDir, 'hosts', host, 'claude', 'projects', PROJECT, `${remoteSessionId}.jsonl`),
        ),
      ).toBe(false);
    } finally {
      await remote.run(host, `mv ${posixQuote(`${remoteFile}.gone`)} ${posixQuote(remoteFile)}`);
    }
  });

  it('never connects by itself: a host whose connection is down keeps its copy, and says so', async () => {
    // The same host through a control folder of its own, where no connection is up.
    const settings = server.settings();
    const idle = new RemoteHosts({
      ssh: () => ({ configFile: settings.configFile!, controlDir: settings.controlDir }),
      environment: async () => process.env,
      broadcast: () => {},
    });
    const { library } = service({
      connectedHosts: () => [host],
      runIfConnected: (name, command) => idle.runIfConnected(name, command),
    });
    const logins = server.authentications();
    await library.rescan();
    const listing = await library.list({});
    expect(listing.sessions.map((s) => s.sessionId)).toEqual([localSessionId]);
    expect(listing.problems.hosts).toEqual([
      { host, error: expect.stringMatching(/not connected to it now/) },
    ]);
    expect(server.authentications()).toBe(logins);
    // Folder completion neither: it offers nothing rather than connect.
    await expect(idle.folders(host, '~/')).rejects.toThrow('not connected to it now');
    expect(server.authentications()).toBe(logins);
    await idle.dispose();
  });
});
