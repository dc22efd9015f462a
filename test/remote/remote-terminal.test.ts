import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShellSpec } from '../../src/main/pty/shell';
import { TerminalSession } from '../../src/main/pty/terminal-session';
import { remoteShell } from '../../src/main/remote/remote-terminal';
import { checkHost, type SshSettings } from '../../src/main/remote/ssh-connection';
import { sshUnavailable, startSshServer, type SshServer } from '#test/support/ssh-server';
import { until } from '#test/support/until';

const reason = sshUnavailable();

/** A TerminalSession running `shell`, what it printed (read on) and how it exited. */
function openTerminal(shell: ShellSpec, env: NodeJS.ProcessEnv) {
  const terminal: { session: TerminalSession; output: string; exit: number | undefined } = {
    session: new TerminalSession({
      shell,
      env,
      cwd: tmpdir(),
      cols: 80,
      rows: 24,
      onData(data) {
        terminal.output += Buffer.from(data).toString('utf8');
        terminal.session.acknowledge(data.length);
      },
      onExit(code) {
        terminal.exit = code;
      },
    }),
    output: '',
    exit: undefined,
  };
  return terminal;
}

describe.skipIf(reason)(reason ? `remote terminal: skipped, ${reason}` : 'remote terminal', () => {
  let server: SshServer;
  let settings: SshSettings;

  beforeAll(async () => {
    server = await startSshServer();
    settings = server.settings();
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('runs the remote login shell in a pty: typing, output, resize and exit', async () => {
    const target = { host: server.alias };
    const logins = server.authentications();
    const { shell, env } = await remoteShell(target, settings, server.home);
    const terminal = openTerminal(shell, env);
    const { session } = terminal;
    try {
      // Marks split by quotes, so the echo of what is typed never matches.
      session.write('echo "on:$(whoami):$(pwd):$(command -v claude)"\r');
      await until(
        () => terminal.output.includes(`on:${server.user}:${server.home}:`),
        'the remote shell',
      );
      // A login shell: ~/.profile put ~/.local/bin, where the CLI is, on PATH.
      expect(terminal.output).toContain(
        `on:${server.user}:${server.home}:${server.home}/.local/bin/claude`,
      );

      session.write('stty size; echo si""ze-done\r');
      await until(() => terminal.output.includes('size-done'), 'stty size');
      expect(terminal.output).toMatch(/[\r\n]24 80\r\n/);

      session.resize(100, 30);
      terminal.output = '';
      // The window change travels to the remote pty before the next command is read there.
      await new Promise((resolve) => setTimeout(resolve, 200));
      session.write('stty size; echo si""ze-done\r');
      await until(() => terminal.output.includes('size-done'), 'stty size after resize');
      expect(terminal.output).toMatch(/[\r\n]30 100\r\n/);

      session.write('exit 3\r');
      await until(() => terminal.exit !== undefined, 'the remote shell to exit');
      expect(terminal.exit).toBe(3);
    } finally {
      await session.dispose();
    }
    // The shared connection outlives the block (whose stragglers were ended with it), and the
    // terminal rode on it: one login in all.
    expect(await checkHost(target, settings)).toEqual({ ok: true });
    expect(server.authentications() - logins).toBe(1);
  });

  it('ends the terminal when the link dies (keepalives unanswered)', async () => {
    const target = { host: server.alias };
    const quick = { ...server.settings(), aliveIntervalSeconds: 1, aliveCountMax: 2 };
    const { shell, env } = await remoteShell(target, quick);
    const terminal = openTerminal(shell, env);
    const { session } = terminal;
    const thaw = { run: () => {} };
    try {
      session.write('echo "al""ive"\r');
      await until(() => terminal.output.includes('alive'), 'the remote shell');
      thaw.run = server.freeze();
      const frozenAt = Date.now();
      await until(() => terminal.exit !== undefined, 'ssh to give up on the dead link', 15_000);
      // ssh's own failure code, after about interval × count seconds rather than never.
      expect(terminal.exit).toBe(255);
      expect(Date.now() - frozenAt).toBeLessThan(10_000);
    } finally {
      thaw.run();
      await session.dispose();
    }
  });
});
