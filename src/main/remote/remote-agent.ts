import type { SessionHost } from '../agent/agent-session';
import { remoteCommandLine } from '../../shared/remote-command-line';
import { spawnPipeTransport } from '../agent/transport/pipe-transport';
import type { SpawnSpec, Transport, TransportHandlers } from '../agent/transport/transport';
import { sshCommand, type SshSettings } from './ssh-connection';
import { remoteFolder } from './remote-folder';
import { formatTarget, type SshTarget } from './ssh-hosts';
import { CLAUDE_MISSING } from '../../shared/ssh-failures';

/**
 * Ends the CLI recorded under the tag `$tag`, if it still runs and is a stream-json CLI (a pid
 * may have been reused), and leaves `$pidfile` for the next record (empty `$tag`: none kept).
 */
const END_RECORDED = [
  // In a folder of the user's own that no one else may write to, replaced whole (never read
  // half-written); where none can be made, no pid is kept, and an orphan outlives a reconnect.
  'piddir=${XDG_RUNTIME_DIR:-$HOME/.cache}/tether',
  'if [ -n "$tag" ] && mkdir -p "$piddir" 2>/dev/null && chmod 700 "$piddir" && [ -O "$piddir" ]; then pidfile=$piddir/claude-$tag.pid; else tag=; fi',
  // A few seconds for its own ending, then for good; a zombie waiting for its sshd to reap it is
  // gone already.
  'if [ -n "$tag" ] && [ -f "$pidfile" ]; then old=$(cat "$pidfile"); case $(ps -p "$old" -o args= 2>/dev/null) in *stream-json*) kill "$old" 2>/dev/null; n=0; while [ $n -lt 50 ]; do case $(ps -p "$old" -o stat= 2>/dev/null) in Z*|"") break;; esac; sleep 0.1; n=$((n+1)); done; kill -9 "$old" 2>/dev/null;; esac; fi',
];

/**
 * Run on the remote by `sh`: reads the variables the CLI gets (one `NAME=value` a line, up to an
 * empty line) from its input, so that no key shows in the remote's process list; finds `claude`
 * as a login shell there would (the native installer's `~/.local/bin` is often only on the login
 * PATH), else in the places Claude Code's installers use (as claude-locator.ts does locally); and
 * runs it in the folder given, with the login PATH, on the same input. It reaches `sh` through
 * `remoteCommandLine`, so the login shell there (fish, tcsh) reads none of it.
 *
 * A link that dies unnoticed by the remote (the network gone, not ssh ended) leaves its CLI
 * running there, mid-turn, until sshd gives up on it, which it may never do. The block's
 * reconnect would then resume a session another process still writes: so each start records its
 * pid under the block's tag (`$1`), and ends the one recorded before if it is still a CLI of ours.
 */
const REMOTE_SCRIPT = [
  'while IFS= read -r line && [ -n "$line" ]; do export "$line"; done',
  'tag=$1; shift',
  ...END_RECORDED,
  'found=$("${SHELL:-/bin/sh}" -lc "command -v claude | sed s/^/claude=/; printenv PATH | sed s/^/path=/" </dev/null 2>/dev/null)',
  'claude=$(echo "$found" | sed -n s/^claude=//p | tail -n 1)',
  'login_path=$(echo "$found" | sed -n s/^path=//p | tail -n 1)',
  'if [ -n "$login_path" ]; then PATH=$login_path; export PATH; fi',
  'if [ ! -x "$claude" ]; then for file in "$HOME/.local/bin/claude" "$HOME/.claude/local/claude" /opt/homebrew/bin/claude /usr/local/bin/claude; do if [ -x "$file" ]; then claude=$file; break; fi; done; fi',
  `if [ ! -x "$claude" ]; then echo "${CLAUDE_MISSING} $(uname -n): not on the login PATH, nor in ~/.local/bin, ~/.claude/local, /opt/homebrew/bin or /usr/local/bin." >&2; exit 127; fi`,
  'cd "$1" 2>/dev/null || { echo "There is no folder $1 on $(uname -n) (or this user may not enter it)." >&2; exit 1; }',
  'shift',
  'if [ -n "$tag" ]; then echo $$ >"$pidfile.$$" && mv -f "$pidfile.$$" "$pidfile"; fi',
  'exec "$claude" "$@"',
].join('\n');

/** Run on the remote by `sh` for a block closed for good: its CLI, if a lost link left one, ends. */
export const END_SESSION_SCRIPT = [
  'tag=$1',
  ...END_RECORDED,
  'if [ -n "$tag" ]; then rm -f "$pidfile"; fi',
].join('\n');

/** What AgentSession sets for the CLI itself, which must reach the remote one too. */
const SESSION_VARIABLES = [
  'CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING',
  'CLAUDE_CODE_ENABLE_TODO_TOOLS',
];

/** ssh's exit code when the connection failed or broke, rather than the remote command's. */
const SSH_FAILED = 255;

export interface RemoteAgentOptions {
  /**
   * The host, and ssh's settings for it, once its shared connection is up: asked at each start,
   * so a start after the connection dropped connects again (failing with ssh's sentence).
   */
  connect(): Promise<{ target: SshTarget; settings: SshSettings }>;
  /** The folder on the remote the CLI runs in. */
  cwd: string;
  /**
   * What names the block across its reconnects (its id): a CLI a lost link left running there
   * under the same tag is ended before the next starts.
   */
  tag?: string;
  /** Variables for the remote CLI (its API endpoint, say); the local environment stays here. */
  env?: Record<string, string>;
}

/**
 * A SessionHost whose `claude` runs on `target` over `ssh -T` (pipes: the stream-json lines
 * cross byte for byte), on the host's shared connection (opened first: a failure to connect fails
 * the start with ssh's reason in one sentence), with the flags AgentSession chose. The
 * CLI is found on the remote, so the local lookup finds nothing that matters (every path counts
 * as executable and the path it settles on is not used), and the session's own `cwd` is where the
 * local ssh runs: any local folder. ssh failing once the CLI ran is the connection lost.
 */
export function remoteSessionHost(options: RemoteAgentOptions): SessionHost {
  let name = '';
  const spawn = async (spec: SpawnSpec, handlers: TransportHandlers) => {
    const { target, settings } = await options.connect();
    name = formatTarget(target);
    return spawnRemoteClaude({ ...options, target, settings }, spec, handlers);
  };
  return {
    platform: 'linux',
    isExecutable: () => true,
    readFile: () => null,
    spawn: { pty: spawn, pipe: spawn },
    lostConnection: (exit) =>
      exit.code === SSH_FAILED
        ? `The connection to ${name} was lost (ssh ended with code ${SSH_FAILED}). Reconnecting resumes this session with its transcript.`
        : null,
  };
}

async function spawnRemoteClaude(
  options: Omit<RemoteAgentOptions, 'connect'> & { target: SshTarget; settings: SshSettings },
  spec: SpawnSpec,
  handlers: TransportHandlers,
): Promise<Transport> {
  const variables: Record<string, string> = {};
  for (const name of SESSION_VARIABLES) {
    const value = spec.env[name];
    if (value !== undefined) variables[name] = value;
  }
  Object.assign(variables, options.env);
  const lines = Object.entries(variables).map(([name, value]) => {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || /[\r\n]/.test(value)) {
      throw new Error(`The variable ${name} cannot be sent to the remote Claude Code.`);
    }
    return `${name}=${value}\n`;
  });
  const command = remoteCommandLine(REMOTE_SCRIPT, [
    options.tag ?? '',
    remoteFolder(options.cwd),
    ...spec.args,
  ]);
  const ssh = sshCommand(options.target, options.settings, { kind: 'pipe', command });
  const transport = await spawnPipeTransport(
    { file: ssh.file, args: ssh.args, cwd: spec.cwd, env: ssh.env },
    handlers,
  );
  // Before anything the session writes: the script reads these up to the empty line.
  transport.write(`${lines.join('')}\n`);
  return transport;
}
