/**
 * A real OpenSSH server for the remote tests: `/usr/sbin/sshd` started as a process of the test on
 * 127.0.0.1 (a free port), with a host key and an authorized client key made for the run, logging
 * in as `tether-remote`, a user of its own whose home is not the local one. Tether's code reaches
 * it the way it reaches a user's machine: `ssh -F <configFile> <alias>`.
 *
 * sshd needs root (it switches to the user it logs in), so where the tests do not run as root, or
 * sshd or the ssh client is missing, `sshUnavailable()` says why and the remote tests skip.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { descendantsOf, signalProcesses, signalTree } from '../../src/main/process/process-tree';
import { closeMaster, type SshSettings } from '../../src/main/remote/ssh-connection';
import { CLAUDE_BIN } from './claude-cli';
import { until } from './until';

export const REMOTE_USER = 'tether-remote';
const SSHD = '/usr/sbin/sshd';

export interface SshServer {
  /** The run's folder: keys, configs, known_hosts. */
  dir: string;
  /** The Host alias `configFile` gives the server. */
  alias: string;
  /** An ssh_config that names the server, its user, the client key and the run's known_hosts. */
  configFile: string;
  port: number;
  user: string;
  /** The remote user's home. */
  home: string;
  /** The client's known_hosts for this run (it holds the server's key from the start). */
  knownHosts: string;
  /** The server's host key as a known_hosts line for `[127.0.0.1]:port`. */
  knownHostsLine: string;
  /** What sshd logged so far (`LogLevel VERBOSE`). */
  log(): string;
  /** How many logins sshd accepted so far. */
  authentications(): number;
  /** Adds a Host block to `configFile`: `lines` (`Port 2222`) in place of the server's own. */
  addHost(alias: string, lines: string[]): void;
  /**
   * Another remote user, `tether-remote-<shell's name>`, whose login shell is `shell` (made on
   * first use as the main one is), and a Host alias of the same name that logs in as them.
   */
  userWithShell(shell: string): { alias: string; user: string; home: string };
  /** Authorizes another client public key (a file's contents). */
  authorize(publicKey: string): void;
  /**
   * Settings for Tether's ssh to this server, with a control folder of their own (so masters
   * opened with them are theirs alone) and `env` as ssh's environment (default: this process's).
   */
  settings(env?: NodeJS.ProcessEnv): SshSettings;
  /**
   * Stops every open connection's server side (SIGSTOP), as a link that died would leave them:
   * nothing answers, nothing closes. Returns what lets them go on (SIGCONT).
   */
  freeze(): () => void;
  /** Ends the masters opened with `settings()` and the server, and removes the run's folders. */
  stop(): Promise<void>;
}

/**
 * The variables a remote `claude` of the tests gets: the scripted API at `apiUrl`, nothing sent
 * elsewhere, and, with `dir` (a folder of the remote user's holding `claude/` and `tmp/`), its
 * config and temporary files there rather than in that user's home, which other runs share.
 */
export function remoteClaudeEnv(apiUrl: string, dir?: string): Record<string, string> {
  return {
    ANTHROPIC_BASE_URL: apiUrl,
    ANTHROPIC_API_KEY: 'sk-test',
    ...(dir ? { CLAUDE_CONFIG_DIR: `${dir}/claude`, TMPDIR: `${dir}/tmp` } : {}),
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
  };
}

/** Why the remote tests cannot run here, or null when they can. */
export function sshUnavailable(): string | null {
  if (process.platform !== 'linux') return 'the sshd of these tests is set up on Linux only';
  if (process.getuid?.() !== 0) return 'sshd needs root to log in as another user';
  for (const file of [SSHD, '/usr/bin/ssh', '/usr/bin/ssh-keygen']) {
    if (!fs.existsSync(file)) return `${file} is not installed (apt-get install -y openssh-server)`;
  }
  return null;
}

export interface SshServerOptions {
  /**
   * Variables sshd sets in every session (`SetEnv`), as a remote machine's own setup would: the
   * remote `claude`'s API endpoint, for specs that cannot hand the host variables of their own.
   */
  sessionEnv?: Record<string, string>;
}

export async function startSshServer(options: SshServerOptions = {}): Promise<SshServer> {
  const reason = sshUnavailable();
  if (reason) throw new Error(`no ssh server: ${reason}`);
  const account = remoteAccount();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tether-sshd-'));
  // sshd reads authorized_keys as the user it logs in: the folder must let that user through.
  fs.chmodSync(dir, 0o711);
  const hostKey = path.join(dir, 'host_ed25519');
  const identity = path.join(dir, 'id_ed25519');
  keygen(hostKey);
  keygen(identity);
  const authorizedKeys = path.join(dir, 'authorized_keys');
  fs.writeFileSync(authorizedKeys, fs.readFileSync(`${identity}.pub`), { mode: 0o644 });
  fs.chmodSync(authorizedKeys, 0o644);
  const port = await freePort();
  const knownHostsLine = `[127.0.0.1]:${port} ${publicKey(`${hostKey}.pub`)}`;
  const knownHosts = path.join(dir, 'known_hosts');
  fs.writeFileSync(knownHosts, `${knownHostsLine}\n`);

  const sshdConfig = path.join(dir, 'sshd_config');
  fs.writeFileSync(
    sshdConfig,
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${hostKey}`,
      `AuthorizedKeysFile ${authorizedKeys}`,
      'PidFile none',
      'UsePAM no',
      'StrictModes no',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'PubkeyAuthentication yes',
      'PermitRootLogin no',
      `AllowUsers ${REMOTE_USER} ${REMOTE_USER}-*`,
      'LogLevel VERBOSE',
      'MaxSessions 64',
      'MaxStartups 64',
      // One line: sshd takes the first SetEnv only.
      ...(options.sessionEnv
        ? [
            `SetEnv ${Object.entries(options.sessionEnv)
              .map(([name, value]) => `${name}=${value}`)
              .join(' ')}`,
          ]
        : []),
      '',
    ].join('\n'),
  );
  // The privilege separation folder sshd insists on.
  fs.mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });

  const alias = 'tether-test';
  const configFile = path.join(dir, 'ssh_config');
  const defaults = [
    '  HostName 127.0.0.1',
    `  Port ${port}`,
    `  User ${REMOTE_USER}`,
    `  IdentityFile ${identity}`,
    '  IdentitiesOnly yes',
    `  UserKnownHostsFile ${knownHosts}`,
    '  GlobalKnownHostsFile /dev/null',
    '  StrictHostKeyChecking yes',
    '  PasswordAuthentication no',
    '  KbdInteractiveAuthentication no',
  ];
  const block = (name: string, lines: string[]) => {
    const keyword = (line: string) => line.trim().split(/\s+/)[0]!.toLowerCase();
    const own = lines.map((line) => `  ${line.trim()}`);
    // A default the block sets itself is left out: ssh would take the first value of most
    // options, and every IdentityFile.
    const kept = defaults.filter((line) => !own.some((mine) => keyword(mine) === keyword(line)));
    return [`Host ${name}`, ...own, ...kept, ''].join('\n');
  };
  fs.writeFileSync(configFile, block(alias, []));

  // A log file rather than stderr (-e): the processes sshd forks for each connection log there too.
  const logFile = path.join(dir, 'sshd.log');
  fs.writeFileSync(logFile, '');
  const log = () => fs.readFileSync(logFile, 'utf8');
  const child: ChildProcess = spawn(SSHD, ['-D', '-E', logFile, '-f', sshdConfig], {
    stdio: 'ignore',
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  await until(
    () => exited || log().includes(`Server listening on 127.0.0.1 port ${port}`),
    'sshd to listen',
  );
  if (exited) throw new Error(`sshd did not start: ${log()}`);

  const madeSettings: SshSettings[] = [];
  return {
    dir,
    alias,
    configFile,
    port,
    user: REMOTE_USER,
    home: account.home,
    knownHosts,
    knownHostsLine,
    log,
    authentications: () => log().match(/Accepted publickey for /g)?.length ?? 0,
    addHost(name, lines) {
      fs.appendFileSync(configFile, block(name, lines));
    },
    userWithShell(shell) {
      const user = `${REMOTE_USER}-${path.basename(shell)}`;
      const { home } = remoteAccount(user, shell);
      fs.appendFileSync(configFile, block(user, [`User ${user}`]));
      return { alias: user, user, home };
    },
    authorize(key) {
      fs.appendFileSync(authorizedKeys, key.endsWith('\n') ? key : `${key}\n`);
    },
    settings(env = process.env) {
      // Short, as the app's own (ssh-connection.ts, privateDir): a socket's path is bounded.
      const controlDir = fs.mkdtempSync('/tmp/tether-ssh-');
      const made = { configFile, controlDir, env };
      madeSettings.push(made);
      return made;
    },
    freeze() {
      const connections = descendantsOf(child.pid!);
      signalProcesses(connections, 'SIGSTOP');
      return () => signalProcesses(connections, 'SIGCONT');
    },
    async stop() {
      // One control folder holds at most the one master to this server, whatever the alias.
      for (const made of madeSettings) {
        await closeMaster({ host: alias }, made);
        fs.rmSync(made.controlDir, { recursive: true, force: true });
      }
      // Its tree: the listener and every connection it forked, which outlive it otherwise.
      if (!exited && child.pid) signalTree(child.pid, 'SIGTERM');
      await until(() => exited, 'sshd to exit', 5_000).catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Makes an ed25519 key pair at `file` (and `file.pub`), with a passphrase if given. */
export function keygen(file: string, passphrase = ''): void {
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', passphrase, '-C', '', '-f', file]);
}

function publicKey(file: string): string {
  const [type, key] = fs.readFileSync(file, 'utf8').trim().split(/\s+/);
  return `${type} ${key}`;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Account {
  uid: number;
  gid: number;
  home: string;
}

/**
 * A remote user (the main one unless named), made on first use (`useradd`), with a login PATH that holds `~/.local/bin`
 * (Debian's ~/.profile) and the pinned CLI there as `claude`, as Claude Code's installer leaves
 * it: a non-interactive `ssh host claude` does not find it, a login shell does.
 */
function remoteAccount(user = REMOTE_USER, shell = '/bin/bash'): Account {
  let account = lookupAccount(user);
  if (!account) {
    const home = path.join(os.tmpdir(), `${user}-home`);
    try {
      // Password `*`: none will do, but the account is not locked (sshd without PAM refuses a
      // locked one whatever the key).
      execFileSync('useradd', ['-m', '-d', home, '-s', shell, '-p', '*', user], {
        stdio: 'pipe',
      });
    } catch (error) {
      // Another test file may have made it meanwhile.
      if (!lookupAccount(user)) throw error;
    }
    account = lookupAccount(user)!;
  }
  const { uid, gid, home } = account;
  const owned = (folder: string) => {
    fs.mkdirSync(folder, { recursive: true });
    fs.chownSync(folder, uid, gid);
  };
  owned(home);
  owned(path.join(home, '.local'));
  owned(path.join(home, '.local', 'bin'));
  writeOwned(
    path.join(home, '.profile'),
    'if [ -d "$HOME/.local/bin" ]; then PATH="$HOME/.local/bin:$PATH"; fi\n',
    account,
  );
  writeOwned(
    path.join(home, '.local', 'bin', 'claude'),
    `#!/bin/sh\nexec '${fs.realpathSync(CLAUDE_BIN)}' "$@"\n`,
    account,
    0o755,
  );
  return account;
}

function lookupAccount(user: string): Account | null {
  try {
    const entry = execFileSync('getent', ['passwd', user], { encoding: 'utf8' });
    const fields = entry.trim().split(':');
    return { uid: Number(fields[2]), gid: Number(fields[3]), home: fields[5]! };
  } catch {
    return null;
  }
}

/** Written beside and renamed into place, so a parallel test file never reads half of it. */
function writeOwned(file: string, text: string, account: Account, mode = 0o644): void {
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  fs.writeFileSync(temporary, text, { mode });
  fs.chownSync(temporary, account.uid, account.gid);
  fs.renameSync(temporary, file);
}
