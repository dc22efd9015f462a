import fs from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOnPath, isExecutableFile } from '../../src/main/platform/executables';
import type { ShellSpec } from '../../src/main/pty/shell';
import { mark, marksIn } from '../../src/main/pty/shell-integration/testing/shell-in-pty';
import { TerminalSession } from '../../src/main/pty/terminal-session';
import { remoteShell, remoteShellCommand } from '../../src/main/remote/remote-terminal';
import { checkHost, type SshSettings } from '../../src/main/remote/ssh-connection';
import { sshUnavailable, startSshServer, type SshServer } from '#test/support/ssh-server';
import { until } from '#test/support/until';

const reason = sshUnavailable();

const installed = (name: string) =>
  findOnPath(name, {
    env: process.env,
    platform: process.platform,
    isExecutable: isExecutableFile,
  });

/** A login shell with a startup file of the user's, which sets FROM_RC. */
const loginShells = [
  { name: 'bash', rcFile: '.bash_profile', rcText: '. ~/.profile\nexport FROM_RC=loaded\n' },
  { name: 'zsh', rcFile: '.zshrc', rcText: 'export FROM_RC=loaded\n' },
  { name: 'fish', rcFile: '.config/fish/config.fish', rcText: 'set -gx FROM_RC loaded\n' },
];

/**
 * Login shells started without integration (other shells, or ours with it turned off), and what
 * shows there that they started as login shells.
 */
const plainShells = [
  // It read ~/.profile, which put ~/.local/bin on PATH.
  {
    name: 'sh',
    login: '`command -v claude`',
    loggedIn: (home: string) => `${home}/.local/bin/claude`,
  },
  { name: 'tcsh', login: '$?loginsh', loggedIn: () => '1' },
  {
    name: 'bash',
    shellIntegration: false,
    login: '`shopt -q login_shell && echo login`',
    loggedIn: () => 'login',
  },
];

/** Writes `file` in `home` (a folder where it ends in `/`), owned as `home` is. */
function writeOwned(home: string, file: string, text: string): void {
  const { uid, gid } = fs.statSync(home);
  const parts = file.split('/');
  let at = home;
  for (const part of parts.slice(0, -1)) {
    at = path.join(at, part);
    fs.mkdirSync(at, { recursive: true });
    fs.chownSync(at, uid, gid);
  }
  if (parts.at(-1)) {
    fs.writeFileSync(path.join(home, file), text);
    fs.chownSync(path.join(home, file), uid, gid);
  }
}

/** The integration folders there (`mktemp` in /tmp: sshd passes no TMPDIR) of the user of `home`. */
function scriptFolders(home: string): string[] {
  const { uid } = fs.statSync(home);
  return fs
    .readdirSync('/tmp')
    .filter((name) => name.startsWith('tether-shell.'))
    .filter((name) => fs.statSync(path.join('/tmp', name), { throwIfNoEntry: false })?.uid === uid);
}

/**
 * A TerminalSession running `shell`, what it printed (read on) and how it exited; without the
 * local shell integration, as the host runs a remote terminal (the local shell is ssh).
 */
function openTerminal(shell: ShellSpec, env: NodeJS.ProcessEnv) {
  const terminal: { session: TerminalSession; output: string; exit: number | undefined } = {
    session: new TerminalSession({
      shell,
      env,
      shellIntegration: false,
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
      // Right after the integration's mark that the command runs.
      expect(terminal.output).toContain(`${mark('C')}24 80\r\n`);

      session.resize(100, 30);
      terminal.output = '';
      // The window change travels to the remote pty before the next command is read there.
      await new Promise((resolve) => setTimeout(resolve, 200));
      session.write('stty size; echo si""ze-done\r');
      await until(() => terminal.output.includes('size-done'), 'stty size after resize');
      expect(terminal.output).toContain(`${mark('C')}30 100\r\n`);

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

  for (const login of loginShells) {
    const file = installed(login.name);
    it.skipIf(!file)(
      file
        ? `${login.name} as the login shell there: prompt, command, exit code and folder marks`
        : `${login.name} as the login shell there: skipped, ${login.name} not installed`,
      async () => {
        const account = server.userWithShell(file!);
        writeOwned(account.home, login.rcFile, login.rcText);
        const folder = path.join(account.home, 'project');
        writeOwned(account.home, 'project/', '');
        const before = scriptFolders(account.home);
        const { shell, env } = await remoteShell({ host: account.alias }, settings, folder);
        const terminal = openTerminal(shell, env);
        const { session } = terminal;
        try {
          await until(() => terminal.output.includes(mark('B')), 'the first prompt');
          session.write('echo "rc=$FROM_RC term=$TERM"; false\r');
          await until(() => terminal.output.includes(mark('D;1')), 'the failing command');
          session.write('cd /tmp\r');
          await until(
            () => (terminal.output.split(mark('P;Cwd=/tmp'))[1] ?? '').includes(mark('B')),
            'the prompt in /tmp',
          );
          expect(marksIn(terminal.output).filter((body) => /^[A-EP]/.test(body))).toEqual([
            `P;Cwd=${folder}`,
            'A',
            'B',
            'E;echo "rc=$FROM_RC term=$TERM"\\x3b false',
            'C',
            'D;1',
            `P;Cwd=${folder}`,
            'A',
            'B',
            'E;cd /tmp',
            'C',
            'D;0',
            'P;Cwd=/tmp',
            'A',
            'B',
          ]);
          // The user's own startup file ran, and ssh passed the terminal's TERM.
          expect(terminal.output).toContain('rc=loaded term=xterm-256color');
          // The shell removed the integration's folder as it started.
          expect(scriptFolders(account.home)).toEqual(before);
        } finally {
          await session.dispose();
        }
      },
    );
  }

  it('keeps keys typed before the first prompt, and tells the shell it runs in Tether, in each integrated login shell', async () => {
    for (const login of loginShells) {
      const file = installed(login.name);
      if (!file) continue;
      const account = server.userWithShell(file);
      const { shell, env } = await remoteShell({ host: account.alias }, settings);
      const terminal = openTerminal(shell, env);
      try {
        // At once, while ssh still connects and the integration is written: the output only
        // holds the joined word once a shell ran it (`""` joins in sh, zsh and fish alike).
        terminal.session.write('echo ahead""-42 $COLORTERM $TERM_PROGRAM\r');
        await until(
          () => terminal.output.includes('ahead-42 truecolor Tether'),
          `${login.name} to run it`,
        );
      } finally {
        await terminal.session.dispose();
      }
    }
  });

  it('starts in the home, saying so, when the folder is not there', async () => {
    const missing = '/nonexistent/tether-project';
    const { shell, env } = await remoteShell({ host: server.alias }, settings, missing);
    const terminal = openTerminal(shell, env);
    try {
      await until(() => terminal.output.includes(mark('B')), 'the first prompt');
      expect(terminal.output).toContain(
        `There is no folder ${missing} on ${hostname()} (or this user may not enter it): starting in ${server.home}.`,
      );
      expect(marksIn(terminal.output)[0]).toBe(`P;Cwd=${server.home}`);
    } finally {
      await terminal.session.dispose();
    }
  });

  for (const plain of plainShells) {
    const file = installed(plain.name);
    it.skipIf(!file)(
      file
        ? `${plain.name} as the login shell there${plain.shellIntegration === false ? ', integration off' : ''}: started as it is, in the folder, leaving nothing behind`
        : `${plain.name} as the login shell there: skipped, ${plain.name} not installed`,
      async () => {
        const account = server.userWithShell(file!);
        const before = scriptFolders(account.home);
        const { shell, env } = await remoteShell({ host: account.alias }, settings, '/tmp', {
          shellIntegration: plain.shellIntegration ?? true,
        });
        const terminal = openTerminal(shell, env);
        try {
          terminal.session.write(`echo "a""t:\`pwd\`:${plain.login}"\r`);
          await until(() => terminal.output.includes('at:/tmp:'), 'the remote shell');
          expect(terminal.output).toContain(`at:/tmp:${plain.loggedIn(account.home)}`);
          expect(marksIn(terminal.output)).toEqual([]);
          expect(scriptFolders(account.home)).toEqual(before);
        } finally {
          await terminal.session.dispose();
        }
      },
    );
  }
});

describe('remoteShellCommand', () => {
  it('is one line without backslashes, which fish and tcsh pass on as sh reads it', () => {
    const command = remoteShellCommand('/srv/project');
    expect(command).not.toMatch(/[\\\n]/);
    expect(command).toMatch(/^sh -c '[^']+' tether [A-Za-z0-9+/=]+$/);
    // Every shell's scripts ride on the command line: it stays well under any limit there.
    expect(command.length).toBeLessThan(16_000);
  });
});
