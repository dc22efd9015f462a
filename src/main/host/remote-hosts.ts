import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { basename, dirname } from 'node:path';
import type { EventMessage, EventPayload } from '../../shared/contract/host';
import type { SshAskKind } from '../../shared/contract/remote';
import { z } from 'zod';
import { JsonFile } from './json-file';
import {
  ASKPASS_HOST_VARIABLE,
  startAskpass,
  type AskpassBridge,
  type AskpassQuestion,
} from '../remote/askpass';
import { END_SESSION_SCRIPT, remoteSessionHost } from '../remote/remote-agent';
import { remoteShellSpec, type RemoteShell } from '../remote/remote-terminal';
import {
  checkHost,
  closeMaster,
  privateDir,
  runSsh,
  sshCommand,
  type SshCommand,
  type SshSettings,
} from '../remote/ssh-connection';
import { configuredHosts, formatTarget, parseTarget, type SshTarget } from '../remote/ssh-hosts';
import type { SessionHost } from '../agent/agent-session';
import { remoteCommandLine } from '../../shared/remote-command-line';

export interface RemoteHostsOptions {
  /** Where the hosts connected to lately are kept (a JSON file). */
  recentFile?: string;
  /**
   * Over the defaults of every ssh run, read at each: another config file (the `sshConfigFile`
   * setting), timeouts.
   */
  ssh?: () => Partial<SshSettings>;
  /** The user's environment, for ssh (their agent socket, PATH). */
  environment: () => Promise<NodeJS.ProcessEnv>;
  /** Variables for every remote CLI (its API endpoint); the local environment stays here. */
  agentEnv?: Record<string, string>;
  /** A question of ssh's for every client's "SSH asks" dialog, and the end of one. */
  broadcast(event: EventMessage): void;
}

const RECENT_KEPT = 10;
/** How long one of ssh's questions waits for an answer. */
const ASK_TIMEOUT_MS = 5 * 60_000;

/**
 * The folders in `$1` (`~/…` and empty are the home's) whose names start with `$2`, hidden ones
 * too, at most 200.
 */
const LIST_FOLDERS = [
  'case $1 in "~/"*) dir=$HOME/${1#"~/"};; "") dir=$HOME;; *) dir=$1;; esac',
  'cd -- "$dir" 2>/dev/null || exit 0',
  'for f in "$2"* ."$2"*; do [ -d "$f" ] && printf "%s\\n" "$f"; done | head -n 200',
].join('\n');

/**
 * Every block's way to other machines: the user's ssh with one shared connection per host, ssh's
 * questions put to the user, and the hosts to offer. One per Tether host process.
 */
export class RemoteHosts {
  private bridge: Promise<AskpassBridge> | undefined;
  private readonly connecting = new Map<string, Promise<void>>();
  private readonly connected = new Set<string>();
  private readonly connectedNames = new Set<string>();
  /** What is to be done on a host at its next connection (see `endSession`), by target. */
  private readonly toEnd = new Map<string, (() => Promise<unknown>)[]>();
  private readonly asks = new Map<
    string,
    { question: EventPayload<'sshAsk'>; over(answer: string | null): void }
  >();
  private readonly recentFile: JsonFile<string[]> | undefined;

  constructor(private readonly options: RemoteHostsOptions) {
    if (options.recentFile) this.recentFile = new JsonFile(options.recentFile, z.array(z.string()));
  }

  /** The user's configured hosts, then the recent ones that are not among them. */
  async list(): Promise<{ host: string; recent: boolean }[]> {
    const { configFile } = this.options.ssh?.() ?? {};
    const configured = configuredHosts(configFile ? { configFile } : {});
    const recent = (await this.recent()).filter((host) => !configured.includes(host));
    return [
      ...configured.map((host) => ({ host, recent: false })),
      ...recent.map((host) => ({ host, recent: true })),
    ];
  }

  /**
   * Opens the shared connection to `host` if it is not up (one attempt at a time per host, so
   * blocks opening together ask the user once) and remembers the host as recent. Rejects with a
   * sentence for the user.
   */
  async connect(host: string): Promise<SshTarget> {
    const target = parseTarget(host);
    const key = formatTarget(target);
    let pending = this.connecting.get(key);
    if (!pending) {
      pending = (async () => {
        const result = await checkHost(target, await this.settings(host));
        if (!result.ok) throw new Error(result.error);
        this.connected.add(key);
        this.connectedNames.add(host);
        const ends = this.toEnd.get(key) ?? [];
        this.toEnd.delete(key);
        for (const end of ends) void end().catch(() => undefined);
        await this.remember(host);
      })().finally(() => this.connecting.delete(key));
      this.connecting.set(key, pending);
    }
    await pending;
    return target;
  }

  /**
   * An agent block on `host` is closed for good: its CLI there, should a link that died unnoticed
   * have left one running, ends now if the host is connected, else at the next connection to it.
   */
  endSession(host: string, tag: string): void {
    const end = () => this.runIfConnected(host, remoteCommandLine(END_SESSION_SCRIPT, [tag]));
    end().catch(() => {
      const key = formatTarget(parseTarget(host));
      this.toEnd.set(key, [...(this.toEnd.get(key) ?? []), end]);
    });
  }

  /** The hosts connected to since start (as the user named them), whose blocks may be open. */
  connectedHosts(): string[] {
    return [...this.connectedNames];
  }

  /** The remote user's home folder, on the shared connection. */
  async home(host: string): Promise<string> {
    const home = (await this.run(host, remoteCommandLine('printf %s "$HOME"'))).trim();
    if (!home) throw new Error(`${host} did not say where its home folder is.`);
    return home;
  }

  /**
   * Folders on `host` whose path starts with `prefix`; `~` and a relative path are the home's.
   * Only on a connection that is up: completion follows typing, and must not connect (and ask)
   * for every name typed on the way to the host's.
   */
  async folders(host: string, prefix: string): Promise<string[]> {
    const slash = prefix.lastIndexOf('/');
    const parent = slash === -1 ? '' : prefix.slice(0, slash + 1);
    const start = prefix.slice(slash + 1);
    const listing = await this.runIfConnected(
      host,
      remoteCommandLine(LIST_FOLDERS, [parent, start]),
    );
    return listing
      .split('\n')
      .filter((name) => name && name !== '.' && name !== '..' && name.startsWith(start))
      .map((name) => `${parent}${name}/`);
  }

  /** What a terminal block on `host` runs: its login shell there, in `cwd`. */
  async shell(host: string, cwd?: string, shellIntegration = true): Promise<RemoteShell> {
    const target = await this.connect(host);
    return remoteShellSpec(target, await this.settings(host), cwd, { shellIntegration });
  }

  /**
   * What an agent block on `host` runs its CLI through, in `cwd` there: it connects at each start
   * (asking what ssh asks), so a restart after the connection dropped reconnects.
   */
  sessionHost(host: string, cwd: string, tag: string): SessionHost {
    return remoteSessionHost({
      tag,
      connect: async () => ({
        target: await this.connect(host),
        settings: await this.settings(host),
      }),
      cwd,
      ...(this.options.agentEnv ? { env: this.options.agentEnv } : {}),
    });
  }

  /**
   * Local files or folders copied to `host`, each into a temporary folder of its own there (`tar`
   * at both ends keeps folders and modes): their remote paths.
   */
  async copy(host: string, paths: readonly string[]): Promise<string[]> {
    const target = await this.connect(host);
    const settings = await this.settings(host);
    const copied: string[] = [];
    for (const path of paths) {
      const name = basename(path);
      const made = remoteCommandLine('mktemp -d "${TMPDIR:-/tmp}/tether-drop-XXXXXX"');
      const dir = (await this.run(host, made)).trim();
      const ssh = sshCommand(target, settings, {
        kind: 'pipe',
        command: remoteCommandLine('tar -C "$1" -xf -', [dir]),
      });
      await pipeTar(dirname(path), name, ssh);
      copied.push(`${dir}/${name}`);
    }
    return copied;
  }

  /** The user's answer to a question; false when it was over already. */
  answer(askId: string, answer: string | null): boolean {
    const ask = this.asks.get(askId);
    if (!ask) return false;
    ask.over(answer);
    return true;
  }

  /** The questions waiting for an answer, oldest first. */
  pendingAsks(): EventPayload<'sshAsk'>[] {
    return [...this.asks.values()].map((ask) => ask.question);
  }

  /** Ends the shared connections Tether opened and the askpass bridge (the app quitting). */
  async dispose(): Promise<void> {
    for (const ask of [...this.asks.values()]) ask.over(null);
    await Promise.all(
      [...this.connected].map(async (key) =>
        closeMaster(parseTarget(key), await this.settings(key)).catch(() => undefined),
      ),
    );
    this.connected.clear();
    await (await this.bridge?.catch(() => undefined))?.close();
  }

  /**
   * The ssh run of one command line on the shared connection to `host` (connecting first, asking
   * what ssh asks), for a caller that feeds its stdin or reads its output as it comes.
   */
  async command(host: string, commandLine: string): Promise<SshCommand> {
    const target = await this.connect(host);
    return sshCommand(target, await this.settings(host), { kind: 'pipe', command: commandLine });
  }

  /** One command on the shared connection, its output; rejects with ssh's or the command's words. */
  async run(host: string, command: string): Promise<string> {
    const target = await this.connect(host);
    return this.runOn(
      host,
      sshCommand(target, await this.settings(host), { kind: 'pipe', command }),
    );
  }

  /**
   * One command on the shared connection to `host` if it is up, for work the user did not start
   * (the library's refresh, completing a folder): it never opens a connection, so never asks.
   */
  async runIfConnected(host: string, command: string): Promise<string> {
    const target = parseTarget(host);
    const settings = await this.settings(host);
    // Windows' ssh has no masters: each command connects, with keys alone (nothing asks there).
    if ((settings.platform ?? process.platform) !== 'win32') {
      const check = await runSsh(
        sshCommand(target, settings, { kind: 'control', operation: 'check' }),
      );
      if (check.code !== 0) throw new Error(`${host}: Tether is not connected to it now.`);
    }
    return this.runOn(host, sshCommand(target, settings, { kind: 'pipe', command, quiet: true }));
  }

  private async runOn(host: string, command: SshCommand): Promise<string> {
    const result = await runSsh(command);
    if (result.code !== 0) {
      const said = result.stderr.trim().split('\n').at(-1);
      throw new Error(`${host}: ${said || `the command failed (exit code ${result.code})`}`);
    }
    return result.stdout;
  }

  /** Every ssh run's settings; its questions name `host`, which the dialog shows. */
  private async settings(host: string): Promise<SshSettings> {
    const env = await this.options.environment();
    const overrides = this.options.ssh?.() ?? {};
    this.bridge ??= startAskpass({
      dir: privateDir(),
      env,
      ask: (question, withdrawn) => this.ask(question, withdrawn),
    });
    const bridge = await this.bridge.catch((error: unknown) => {
      // Windows has a bridge only in the packaged app (see askpassFiles): elsewhere there, keys
      // (the agent) are the way in, and a host that asks more says so in ssh's sentence.
      if ((overrides.platform ?? process.platform) === 'win32') return null;
      throw error;
    });
    if (!bridge) return { controlDir: privateDir(), ...overrides, env };
    return {
      controlDir: privateDir(),
      ...overrides,
      env: { ...env, ...bridge.env, [ASKPASS_HOST_VARIABLE]: host },
    };
  }

  /**
   * Puts the question to every client; the first answer counts, and all are told it is over. One
   * nobody answers in `ASK_TIMEOUT_MS` is cancelled, so that a question no page shows (every window
   * closed) cannot hold the host's connection attempts for good.
   */
  private ask({ prompt, host, hint }: AskpassQuestion, withdrawn: AbortSignal) {
    const askId = randomBytes(8).toString('hex');
    return new Promise<string | null>((resolve) => {
      const over = (answer: string | null) => {
        this.asks.delete(askId);
        clearTimeout(timer);
        withdrawn.removeEventListener('abort', cancel);
        this.options.broadcast({ name: 'sshAskDone', payload: { askId } });
        resolve(answer);
      };
      const cancel = () => over(null);
      const timer = setTimeout(cancel, ASK_TIMEOUT_MS);
      withdrawn.addEventListener('abort', cancel);
      const question = { askId, host, prompt, kind: askKind(prompt, hint) };
      this.asks.set(askId, { question, over });
      this.options.broadcast({ name: 'sshAsk', payload: question });
    });
  }

  private async recent(): Promise<string[]> {
    return (await this.recentFile?.read().catch(() => null)) ?? [];
  }

  private async remember(host: string): Promise<void> {
    const recent = [host, ...(await this.recent()).filter((known) => known !== host)];
    await this.recentFile?.write(recent.slice(0, RECENT_KEPT)).catch(() => undefined);
  }
}

/** ssh's prompts: a yes/no question about a host key, a notice, or a secret to type. */
/** `tar -cf - name` in `dir` here, into the remote `tar` that `ssh` runs. */
async function pipeTar(dir: string, name: string, ssh: SshCommand): Promise<void> {
  const pack = spawn('tar', ['-C', dir, '-cf', '-', '--', name], {
    stdio: ['ignore', 'pipe', 'pipe'],
    windowsHide: true,
  });
  const unpack = spawn(ssh.file, ssh.args, {
    env: ssh.env,
    stdio: ['pipe', 'ignore', 'pipe'],
    windowsHide: true,
  });
  let said = '';
  for (const child of [pack, unpack]) child.stderr.on('data', (chunk: Buffer) => (said += chunk));
  pack.stdout.pipe(unpack.stdin);
  const ended = (child: ChildProcess) =>
    new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
  const codes = await Promise.all([ended(pack), ended(unpack)]);
  if (codes.some((code) => code !== 0)) {
    const last = said.trim().split('\n').at(-1);
    throw new Error(`${name} could not be copied${last ? `: ${last}` : '.'}`);
  }
}

export function askKind(prompt: string, hint = ''): SshAskKind {
  if (hint === 'none') return 'notice';
  if (hint === 'confirm' || /\(yes\/no(\/\[fingerprint\])?\)\?/.test(prompt)) return 'confirm';
  return 'secret';
}
