import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAskpass, type Ask, type AskpassQuestion } from '../../src/main/remote/askpass';
import { until } from '#test/support/until';
import { checkHost } from '../../src/main/remote/ssh-connection';
import { keygen, sshUnavailable, startSshServer, type SshServer } from '#test/support/ssh-server';

const reason = sshUnavailable();

describe.skipIf(reason)(reason ? `ssh askpass: skipped, ${reason}` : 'ssh askpass', () => {
  let server: SshServer;
  const passphrase = 'correct horse battery';

  beforeAll(async () => {
    server = await startSshServer();
    const locked = join(server.dir, 'locked_ed25519');
    keygen(locked, passphrase);
    server.authorize(readFileSync(`${locked}.pub`, 'utf8'));
    server.addHost('locked', [`IdentityFile ${locked}`]);
  });

  afterAll(async () => {
    await server?.stop();
  });

  /** Checks `host` with a bridge that answers through `ask`, on a master of its own. */
  async function check(host: string, ask: Ask) {
    const settings = server.settings();
    const bridge = await startAskpass({ dir: settings.controlDir, ask });
    settings.env = { ...process.env, ...bridge.env };
    try {
      return await checkHost({ host }, settings);
    } finally {
      await bridge.close();
    }
  }

  it('asks for a key passphrase and logs in with the answer', async () => {
    const prompts: string[] = [];
    const result = await check('locked', async ({ prompt }) => {
      prompts.push(prompt);
      return passphrase;
    });
    expect(result).toEqual({ ok: true });
    expect(prompts).toEqual([
      expect.stringMatching(/^Enter passphrase for key '.*locked_ed25519': ?$/),
    ]);
  });

  it('gives up cleanly when the passphrase is cancelled', async () => {
    const before = server.authentications();
    const result = await check('locked', async () => null);
    expect(result).toEqual({
      ok: false,
      error: 'locked refused the login: none of your keys (or passwords) were accepted.',
    });
    expect(server.authentications()).toBe(before);
  });

  it('asks about an unknown host key with its fingerprint, and records it when trusted', async () => {
    const knownHosts = join(server.dir, 'new_known_hosts');
    writeFileSync(knownHosts, '');
    server.addHost('newcomer', [`UserKnownHostsFile ${knownHosts}`, 'StrictHostKeyChecking ask']);
    const fingerprint = execFileSync('ssh-keygen', ['-lf', join(server.dir, 'host_ed25519.pub')], {
      encoding: 'utf8',
    }).split(' ')[1]!;
    expect(fingerprint).toMatch(/^SHA256:/);

    const declined: string[] = [];
    const refused = await check('newcomer', async ({ prompt }) => {
      declined.push(prompt);
      return null;
    });
    expect(refused).toEqual({
      ok: false,
      error: 'The host key of newcomer was not accepted, so Tether did not connect.',
    });
    expect(declined).toHaveLength(1);
    expect(declined[0]).toContain("can't be established");
    expect(declined[0]).toContain(fingerprint);
    expect(readFileSync(knownHosts, 'utf8')).toBe('');

    const asked: string[] = [];
    const accepted = await check('newcomer', async ({ prompt }) => {
      asked.push(prompt);
      return 'yes';
    });
    expect(accepted).toEqual({ ok: true });
    expect(asked).toEqual([expect.stringContaining(fingerprint)]);
    expect(readFileSync(knownHosts, 'utf8')).toContain(server.knownHostsLine);
  });
});

describe('ssh askpass notices', () => {
  it("passes ssh's hint along, and withdraws a notice when ssh ends the program", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tether-askpass-'));
    chmodSync(dir, 0o700);
    const asked: AskpassQuestion[] = [];
    let withdrawn: AbortSignal | undefined;
    const bridge = await startAskpass({
      dir,
      ask: (question, signal) => {
        asked.push(question);
        withdrawn = signal;
        return new Promise(() => {});
      },
    });
    try {
      const program = spawn(
        bridge.env['SSH_ASKPASS']!,
        ['Confirm user presence for key ED25519-SK'],
        {
          env: {
            ...process.env,
            ...bridge.env,
            SSH_ASKPASS_PROMPT: 'none',
            TETHER_ASKPASS_HOST: 'box',
          },
          stdio: 'ignore',
        },
      );
      await until(() => asked.length === 1, 'the notice');
      expect(asked).toEqual([
        { prompt: 'Confirm user presence for key ED25519-SK', host: 'box', hint: 'none' },
      ]);
      expect(withdrawn!.aborted).toBe(false);
      // As ssh does once the key was touched.
      program.kill('SIGTERM');
      await until(() => withdrawn!.aborted, 'the notice to be withdrawn');
    } finally {
      await bridge.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
