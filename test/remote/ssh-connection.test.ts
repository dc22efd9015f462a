import { readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkHost,
  closeMaster,
  resolveHost,
  runSsh,
  sshCommand,
  type SshSettings,
} from '../../src/main/remote/ssh-connection';
import type { SshTarget } from '../../src/main/remote/ssh-hosts';
import { keygen, sshUnavailable, startSshServer, type SshServer } from '#test/support/ssh-server';

const reason = sshUnavailable();

describe.skipIf(reason)(reason ? `ssh connection: skipped, ${reason}` : 'ssh connection', () => {
  let server: SshServer;
  let settings: SshSettings;
  let silent: net.Server;
  const silentSockets: net.Socket[] = [];

  beforeAll(async () => {
    server = await startSshServer();
    settings = server.settings();
    // A port that accepts connections and never says a word, as a host behind a dead link.
    silent = net.createServer((socket) => silentSockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as net.AddressInfo).port;
    server.addHost('silent', [`Port ${silentPort}`]);
    const stranger = join(server.dir, 'stranger_ed25519');
    keygen(stranger);
    server.addHost('stranger', [`IdentityFile ${stranger}`]);
    const otherKey = join(server.dir, 'other_host_ed25519');
    keygen(otherKey);
    const changed = join(server.dir, 'changed_known_hosts');
    const [type, key] = readFileSync(`${otherKey}.pub`, 'utf8').split(' ');
    writeFileSync(changed, `[127.0.0.1]:${server.port} ${type} ${key}\n`);
    server.addHost('changed', [`UserKnownHostsFile ${changed}`]);
    server.addHost('closed', ['Port 1']);
  });

  afterAll(async () => {
    for (const socket of silentSockets) socket.destroy();
    await new Promise((resolve) => silent?.close(resolve));
    await server?.stop();
  });

  // ssh names a master by where it leads (%C: host, port, user), not by the alias: every alias
  // here leads to the one server and would use the first test's master, so each check that is
  // to fail gets a control folder of its own.
  const alone = (): SshSettings => server.settings();
  const target = (host: string): SshTarget => ({ host });

  it('runs commands on one shared connection: the second logs in no more and is much faster', async () => {
    const host = target(server.alias);
    const before = server.authentications();
    const timed = async (command: string) => {
      const start = performance.now();
      const result = await runSsh(
        sshCommand(host, settings, { kind: 'pipe', command, opensMaster: true }),
      );
      return { ...result, ms: performance.now() - start };
    };
    const first = await timed('echo "$USER in $HOME"');
    expect(first).toMatchObject({ code: 0, stdout: `${server.user} in ${server.home}\n` });
    const second = await timed('echo again');
    expect(second).toMatchObject({ code: 0, stdout: 'again\n' });
    console.log(
      `ssh: first command ${first.ms.toFixed(0)} ms (connect and log in), second ${second.ms.toFixed(0)} ms (on the master)`,
    );
    expect(server.authentications() - before).toBe(1);
    expect(second.ms).toBeLessThan(first.ms / 2);
    // The master outlives both commands (ControlPersist).
    expect(await checkHost(host, settings)).toEqual({ ok: true });
    expect(server.authentications() - before).toBe(1);
  });

  it('stops a shared connection for new sessions, and lets the ones on it finish', async () => {
    const own = alone();
    const host = target(server.alias);
    expect(await checkHost(host, own)).toEqual({ ok: true });
    // A session of another process on the same master, still running when this one quits.
    const running = runSsh(
      sshCommand(host, own, { kind: 'pipe', command: 'sleep 1; echo finished' }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await closeMaster(host, own);
    const check = () => runSsh(sshCommand(host, own, { kind: 'control', operation: 'check' }));
    expect((await check()).code).not.toBe(0);
    expect(await running).toMatchObject({ code: 0, stdout: 'finished\n' });
  });

  it('resolves a host as ssh would connect to it, through the config and what was typed', async () => {
    expect(await resolveHost({ host: server.alias }, settings)).toEqual({
      hostname: '127.0.0.1',
      user: server.user,
      port: server.port,
    });
    expect(await resolveHost({ host: 'elsewhere', user: 'me', port: 2222 }, settings)).toEqual({
      hostname: 'elsewhere',
      user: 'me',
      port: 2222,
    });
  });

  it('says in one sentence that a host did not answer in time', async () => {
    const result = await checkHost(target('silent'), { ...alone(), connectTimeoutSeconds: 1 });
    expect(result).toEqual({
      ok: false,
      error:
        'silent did not answer in time (connection timed out): check that it is on and reachable.',
    });
  });

  it('says that the host refused the key', async () => {
    expect(await checkHost(target('stranger'), alone())).toEqual({
      ok: false,
      error: 'stranger refused the login: none of your keys (or passwords) were accepted.',
    });
  });

  it('refuses a host whose key changed, saying so', async () => {
    const before = server.authentications();
    const result = await checkHost(target('changed'), alone());
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(
      /^The host key of changed is not the one recorded in known_hosts: .* \(ssh-keygen -R\)\.$/,
    );
    // ssh stopped before offering a key: no login happened at all.
    expect(server.authentications()).toBe(before);
  });

  it('says that nothing listens on the port', async () => {
    expect(await checkHost(target('closed'), alone())).toEqual({
      ok: false,
      error: 'closed refused the connection: no ssh server listens on that port.',
    });
  });
});
