import { spawn } from 'node:child_process';
import { lstatSync, mkdirSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatTarget, type SshTarget } from './ssh-hosts';
import { hostKeyChanged, hostKeyNotAccepted, loginRefused } from '../../shared/ssh-failures';

/**
 * How Tether runs the user's own `ssh` (docs/remote.md): every block on a host shares one
 * connection (ControlMaster), a dead link is noticed (ServerAlive*), and ssh's questions go to
 * Tether's askpass program through `env` rather than to a terminal no one reads.
 */
export interface SshSettings {
  /** The client to run: `ssh` on PATH unless the user named another. */
  ssh?: string;
  /** A config file instead of the user's `~/.ssh/config` (`ssh -F`). */
  configFile?: string;
  /**
   * A folder only this user can enter, for the control sockets: short, as a Unix socket's path
   * is bounded (about 100 bytes) and ssh names each socket with 40 more (`%C`).
   */
  controlDir: string;
  /** How long an idle master stays up after its last session. */
  persistSeconds?: number;
  aliveIntervalSeconds?: number;
  aliveCountMax?: number;
  connectTimeoutSeconds?: number;
  /** ssh's environment: the user's, with the askpass bridge's variables over it. */
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
}

export interface SshCommand {
  file: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

export type SshMode =
  /** A pty on the remote (`-tt`): a shell or anything interactive. */
  | { kind: 'tty'; command?: string; opensMaster?: boolean }
  /**
   * Plain pipes (`-T`): byte-exact streams such as the agent's stream-json. `quiet`: ssh asks
   * nothing (`BatchMode`), for work the user did not start (should it connect on its own).
   */
  | { kind: 'pipe'; command: string; opensMaster?: boolean; quiet?: boolean }
  /** A request to the master only (`-O check`, `-O exit`). */
  | { kind: 'control'; operation: 'check' | 'stop' | 'exit' }
  /** Nothing run: ssh prints the configuration it would use (`-G`). */
  | { kind: 'config' };

const DEFAULTS = {
  persistSeconds: 600,
  aliveIntervalSeconds: 15,
  aliveCountMax: 3,
  connectTimeoutSeconds: 15,
};

/** The argv and environment of one ssh run to `target`. */
export function sshCommand(target: SshTarget, settings: SshSettings, mode: SshMode): SshCommand {
  const s = { ...DEFAULTS, ...settings };
  const args: string[] = [];
  if (s.configFile) args.push('-F', s.configFile);
  // Windows' own OpenSSH has no ControlMaster: there each block opens its own connection.
  if ((s.platform ?? process.platform) !== 'win32') {
    // Only checkHost opens the master, from Tether's own process. One forked by a block's ssh
    // would belong to that block: it inherits the block's environment (its process tag, which
    // closing the block hunts down) and could end with it, taking every other block on the host
    // along. A block's ssh uses the master, or connects alone if it is gone.
    const opens = (mode.kind === 'tty' || mode.kind === 'pipe') && mode.opensMaster === true;
    args.push(
      '-o',
      `ControlMaster=${opens ? 'auto' : 'no'}`,
      '-o',
      `ControlPath=${join(s.controlDir, '%C')}`,
      '-o',
      `ControlPersist=${s.persistSeconds}s`,
    );
  }
  args.push(
    '-o',
    `ServerAliveInterval=${s.aliveIntervalSeconds}`,
    '-o',
    `ServerAliveCountMax=${s.aliveCountMax}`,
    '-o',
    `ConnectTimeout=${s.connectTimeoutSeconds}`,
  );
  if (mode.kind === 'pipe' && mode.quiet) args.push('-o', 'BatchMode=yes');
  if (target.user) args.push('-l', target.user);
  if (target.port) args.push('-p', String(target.port));
  if (mode.kind === 'control') args.push('-O', mode.operation);
  else if (mode.kind === 'config') args.push('-G');
  else args.push(mode.kind === 'tty' ? '-tt' : '-T');
  args.push('--', target.host);
  if ((mode.kind === 'tty' || mode.kind === 'pipe') && mode.command !== undefined) {
    args.push(mode.command);
  }
  return { file: s.ssh ?? 'ssh', args, env: s.env ?? process.env };
}

export interface SshResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs one ssh command to its end, stdin closed. */
export function runSsh(command: SshCommand): Promise<SshResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command.file, command.args, {
      env: command.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export type CheckResult = { ok: true } | { ok: false; error: string };

/**
 * Whether `target` can be reached and logged into, opening the shared connection if there is none
 * yet: a master that answers `-O check` is enough; else a first `true` logs in (asking through the
 * askpass bridge what ssh needs to ask) and leaves its master running for the blocks to come.
 */
export async function checkHost(target: SshTarget, settings: SshSettings): Promise<CheckResult> {
  if ((settings.platform ?? process.platform) !== 'win32') {
    const check = await runSsh(
      sshCommand(target, settings, { kind: 'control', operation: 'check' }),
    );
    if (check.code === 0) return { ok: true };
  }
  const first = await runSsh(
    sshCommand(target, settings, { kind: 'pipe', command: 'true', opensMaster: true }),
  );
  if (first.code === 0) return { ok: true };
  return { ok: false, error: explainSshFailure(first.stderr, target) };
}

/** Where ssh would connect for `target`, after the user's config: what to show before it does. */
export interface ResolvedHost {
  hostname: string;
  user: string;
  port: number;
}

/** Asks ssh itself (`ssh -G`), which applies every Host and Match block as a connection would. */
export async function resolveHost(target: SshTarget, settings: SshSettings): Promise<ResolvedHost> {
  const result = await runSsh(sshCommand(target, settings, { kind: 'config' }));
  if (result.code !== 0) throw new Error(explainSshFailure(result.stderr, target));
  const value = (key: string) =>
    new RegExp(`^${key} (.*)$`, 'm').exec(result.stdout)?.[1]?.trim() ?? '';
  return { hostname: value('hostname'), user: value('user'), port: Number(value('port')) };
}

/** Opens the shared connection to `target` if it is not up; rejects with checkHost's sentence. */
export async function connect(target: SshTarget, settings: SshSettings): Promise<void> {
  const result = await checkHost(target, settings);
  if (!result.ok) throw new Error(result.error);
}

/**
 * Lets the shared connection to `target` end: it takes no new sessions and goes when the last
 * one does. Another Tether process (browser mode beside the app) may be using it: its blocks go
 * on, and its next one opens a connection of its own.
 */
export async function closeMaster(target: SshTarget, settings: SshSettings): Promise<void> {
  await runSsh(sshCommand(target, settings, { kind: 'control', operation: 'stop' }));
}

/**
 * ssh's complaint (its stderr, exit 255) as one sentence for the user, for the failures that
 * have a cause they can act on; anything else is ssh's own last words.
 */
export function explainSshFailure(stderr: string, target: SshTarget): string {
  const name = formatTarget(target);
  if (/REMOTE HOST IDENTIFICATION HAS CHANGED/.test(stderr)) {
    return hostKeyChanged(name);
  }
  if (/timed out|Operation timed out/i.test(stderr)) {
    return `${name} did not answer in time (connection timed out): check that it is on and reachable.`;
  }
  if (/Connection refused/.test(stderr)) {
    return `${name} refused the connection: no ssh server listens on that port.`;
  }
  if (/Could not resolve hostname/.test(stderr)) {
    return `${name} is not a host name ssh can find (not in DNS, nor in your ssh config).`;
  }
  if (/Permission denied \(/.test(stderr)) {
    return loginRefused(name);
  }
  if (/Host key verification failed/.test(stderr)) {
    return hostKeyNotAccepted(name);
  }
  const last = stderr
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .at(-1);
  return `ssh could not reach ${name}${last ? `: ${last}` : '.'}`;
}

/**
 * The private folder for the control sockets and the askpass socket: `<base>/tether-<uid>`, made
 * 0700, and refused unless it is a real folder of this user that no one else may enter (anyone
 * who could would reach the user's open connections through it). Where that one is taken (made
 * first by another user, say), the first of `fallbacks` that can be made private, each as
 * `<fallback>/tether`: by default `$XDG_RUNTIME_DIR`, then `~/.ssh`, short enough for a socket's
 * path. On Windows, which has neither control sockets nor POSIX modes, it is a folder in the
 * user's own temp folder, private by its ACL, for the askpass program (its socket is a named
 * pipe).
 */
export function privateDir(
  base = '/tmp',
  uid = process.getuid?.() ?? 0,
  platform: NodeJS.Platform = process.platform,
  fallbacks: readonly string[] = [process.env['XDG_RUNTIME_DIR'] ?? '', join(homedir(), '.ssh')],
): string {
  if (platform === 'win32') {
    const dir = join(tmpdir(), 'tether-ssh');
    mkdirSync(dir, { recursive: true });
    return dir;
  }
  const first = join(base, `tether-${uid}`);
  const candidates = [first, ...fallbacks.filter(Boolean).map((dir) => join(dir, 'tether'))];
  for (const dir of candidates) {
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const stat = lstatSync(dir);
      if (stat.isDirectory() && stat.uid === uid && (stat.mode & 0o077) === 0) return dir;
    } catch {
      // Not to be made here: the next place.
    }
  }
  throw new Error(
    `${first} is not a private folder of this user, nor could one be made in ${candidates.slice(1).join(' or ')}, so ssh's sockets have nowhere to go. Remove ${first} if it is not in use.`,
  );
}
