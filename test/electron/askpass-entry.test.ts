import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAskpass } from '../../src/main/remote/askpass';
import { checkHost } from '../../src/main/remote/ssh-connection';
import { keygen, sshUnavailable, startSshServer, type SshServer } from '../support/ssh-server';
import { buildIfStale, root } from './built-app';

const reason = sshUnavailable();

// ssh starts Tether's own executable as its askpass program: the packaged app (whose fuses keep
// it from running as Node) must answer ssh rather than start a second window. Here the built main
// process runs in Node with the stand-in electron, started by a real ssh as Electron would be.
describe.skipIf(reason)(
  reason
    ? `askpass through the app's entry: skipped, ${reason}`
    : "askpass through the app's entry",
  () => {
    let server: SshServer;
    const passphrase = 'through the entry';

    beforeAll(async () => {
      buildIfStale();
      server = await startSshServer();
      const locked = join(server.dir, 'entry_ed25519');
      keygen(locked, passphrase);
      server.authorize(readFileSync(`${locked}.pub`, 'utf8'));
      server.addHost('entry-locked', [`IdentityFile ${locked}`]);
    }, 180_000);

    afterAll(async () => {
      await server?.stop();
    });

    it('asks the running Tether for the passphrase, and ssh logs in with the answer', async () => {
      const settings = server.settings();
      const prompts: string[] = [];
      const node = process.execPath;
      const bridge = await startAskpass({
        dir: settings.controlDir,
        // As ssh would start the app unpackaged: its executable, then what it runs.
        runner: { app: [node, '--import', 'tsx', join(root, 'test/electron/run-built-main.ts')] },
        ask: async ({ prompt }) => {
          prompts.push(prompt);
          return passphrase;
        },
      });
      settings.env = { ...process.env, ...bridge.env };
      try {
        expect(await checkHost({ host: 'entry-locked' }, settings)).toEqual({ ok: true });
      } finally {
        await bridge.close();
      }
      expect(prompts).toEqual([
        expect.stringMatching(/^Enter passphrase for key '.*entry_ed25519'/),
      ]);
    }, 60_000);
  },
);
