import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runSsh, sshCommand } from '../../src/main/remote/ssh-connection';
import {
  remoteClaudeEnv,
  sshUnavailable,
  startSshServer,
  type SshServer,
} from '#test/support/ssh-server';
import { test as agentTest } from './agent-mode';

export interface RemoteMode {
  server: SshServer;
  /** Runs a command as the remote user, on a connection of the spec's own: its stdout. */
  remote(command: string): Promise<string>;
  /** A new folder of the remote user's (removed after the spec), its path there. */
  folder(): Promise<string>;
  /**
   * Ends the app's shared connection to the server, as a link that died or an `ssh -O exit`
   * would: every block on the host loses its ssh.
   */
  dropConnection(): Promise<void>;
}

/** Why the remote specs cannot run here, or null. */
export const remoteUnavailable = sshUnavailable();

/**
 * Browser mode (as `agentMode`) beside a real sshd on 127.0.0.1, which the app reaches through
 * its `sshConfigFile` setting as `tether-test`: the remote user's own home and disk, the pinned
 * CLI on its login PATH, and its session environment (sshd's SetEnv) pointing that CLI at the
 * spec's scripted API, as a remote machine's own setup would.
 */
export const test = agentTest.extend<{ remoteMode: RemoteMode }>({
  remoteMode: async ({ agentMode }, use) => {
    const server = await startSshServer({ sessionEnv: remoteClaudeEnv(agentMode.fake.url) });
    await writeFile(
      join(agentMode.browserMode.stateDir, 'settings.json'),
      JSON.stringify({ sshConfigFile: server.configFile }),
    );
    const settings = server.settings();
    const remote = async (command: string) => {
      const result = await runSsh(
        sshCommand({ host: server.alias }, settings, { kind: 'pipe', command, opensMaster: true }),
      );
      if (result.code !== 0) throw new Error(`${command}: ${result.stderr}`);
      return result.stdout.trim();
    };
    // The app's own control folder (privateDir): its master is the one to end.
    const appSettings = {
      configFile: server.configFile,
      controlDir: `/tmp/tether-${process.getuid!()}`,
    };
    const dropConnection = async () => {
      await runSsh(
        sshCommand({ host: server.alias }, appSettings, { kind: 'control', operation: 'exit' }),
      );
    };
    const folders: string[] = [];
    const folder = async () => {
      const made = await remote('mktemp -d');
      folders.push(made);
      return made;
    };
    await use({ server, remote, folder, dropConnection });
    await dropConnection();
    await server.stop();
    // The sshd runs on this machine: the remote user's folders are on this disk.
    await Promise.all(folders.map((made) => rm(made, { recursive: true, force: true })));
  },
});
