import type { EventMessage, RequestParams, RequestResult } from '../../shared/contract/host';
import type { ShellSpec } from '../pty/shell';
import {
  TerminalSession,
  UNWATCHED_KILL_MS,
  type TerminalSessionOptions,
} from '../pty/terminal-session';
import { processDirectory } from '../pty/working-directory';
import { isDirectory } from './fs-checks';
import { OutputRing } from './output-ring';
import { RunningCommand } from '../pty/running-command';
import type { RemoteShell } from '../remote/remote-terminal';
import { stripTerminalCodes } from '../../shared/strip-terminal-codes';
import { terminalDataHeader } from '../../shared/terminal-data-frame';

export interface TerminalDefaults {
  shell: ShellSpec;
  workspaceDir: string;
  env?: NodeJS.ProcessEnv;
  shellIntegration?: boolean;
  batchMs?: number;
  watermarks?: TerminalSessionOptions['watermarks'];
}

/** What the current settings, the user's environment or a connected host say, over the defaults. */
export type TerminalLaunch = Partial<
  Pick<TerminalDefaults, 'shell' | 'env' | 'shellIntegration'>
> & {
  /** A shell on another machine, through ssh (its ShellSpec and environment). */
  remote?: RemoteShell & { host: string };
};

/** ssh's exit code when the connection failed or broke, rather than the remote shell's. */
const SSH_FAILED = 255;

/**
 * What ssh says when a connection ends under a session: it lands after whatever the shell last
 * wrote (often its prompt), so it is looked for rather than taken as the last line.
 */
const SSH_LAST_WORDS =
  /(Shared connection to \S+ closed\.|Connection to \S+ closed(?: by remote host)?\.|client_loop: .*|Timeout, server \S+ not responding\.|packet_write_wait: .*|Read from remote host \S+: .*|Connection reset by .*)\s*$/;

/** Why a remote terminal's ssh ended: ssh's last words in the output, or a sentence of ours. */
function lostConnection(host: string, output: OutputRing): string {
  const lines = stripTerminalCodes(output.text()).split(/\r?\n/);
  const said = lines
    .slice(-5)
    .map((line) => SSH_LAST_WORDS.exec(line.trim())?.[1])
    .filter(Boolean)
    .at(-1);
  return `The connection to ${host} was lost${said ? `: ${said}` : '.'}`;
}

// A command line changes directory (`cd`) by the time its prompt is back, normally well within this.
const DIRECTORY_CHECK_MS = 300;
// Long enough for a full-screen program to have handled the first size change.
const REDRAW_STEP_MS = 100;

/**
 * The terminals one client opened: only that client can address them, and they end with it.
 * Each keeps its recent output, so a page that reloads gets its screen back.
 */
export class TerminalRegistry {
  private readonly sessions = new Map<string, TerminalSession>();
  private readonly outputs = new Map<string, OutputRing>();
  private readonly directories = new Map<string, string>();
  private readonly shells = new Map<string, string>();
  private readonly directoryChecks = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly closing = new Map<string, Promise<void>>();
  /** Remote terminals still connecting, and whether their block was closed meanwhile. */
  private readonly connecting = new Map<string, { closed: boolean }>();
  /**
   * The terminals whose shell is on another machine, with what each runs (from its marks): their
   * processes and folder are not this machine's to read.
   */
  private readonly remote = new Map<string, RunningCommand>();

  constructor(
    private readonly defaults: TerminalDefaults,
    private readonly emit: (event: EventMessage) => void,
  ) {}

  /**
   * `launch`: what the current settings and the user's environment say, over the defaults. A
   * terminal that is already running (the page reloaded) is not started again: its output so far
   * comes back for the new page to show.
   */
  open(
    params: RequestParams<'openTerminal'>,
    launch: TerminalLaunch = {},
  ): RequestResult<'openTerminal'> {
    const { terminalId, cwd, cols, rows } = params;
    if (this.sessions.has(terminalId)) return this.reopen(params);
    const output = new OutputRing();
    const { remote, ...local } = launch;
    const running = remote ? new RunningCommand() : undefined;
    // A remote shell's folder is the remote's: the local ssh runs from the workspace, and the
    // block learns where the shell is from its marks. Without one it starts in the remote home.
    const startIn = remote
      ? (cwd ?? '~')
      : cwd && isDirectory(cwd)
        ? cwd
        : this.defaults.workspaceDir;
    const session = new TerminalSession({
      ...this.defaults,
      ...local,
      ...(remote ? { shell: remote.shell, env: remote.env } : {}),
      cwd: remote ? this.defaults.workspaceDir : startIn,
      cols,
      rows,
      // Browser mode frames each batch after this header where it lies; over IPC it costs
      // a few bytes a batch.
      frameHeader: terminalDataHeader(terminalId),
      // A shell the client closed is no one's to hear from: a block reopened under its id has
      // already subscribed, and the dying shell's last output or its exit would land there.
      onData: (data) => {
        output.push(data);
        running?.push(data);
        if (!this.closing.has(terminalId))
          this.emit({ name: 'terminalData', payload: { terminalId, data } });
      },
      onExit: (exitCode, signal) => {
        this.sessions.delete(terminalId);
        this.outputs.delete(terminalId);
        this.directories.delete(terminalId);
        this.shells.delete(terminalId);
        this.remote.delete(terminalId);
        clearTimeout(this.directoryChecks.get(terminalId));
        this.directoryChecks.delete(terminalId);
        if (this.closing.has(terminalId)) return;
        const disconnected =
          remote && exitCode === SSH_FAILED ? lostConnection(remote.host, output) : undefined;
        this.emit({
          name: 'terminalExit',
          payload: { terminalId, exitCode, signal, ...(disconnected ? { disconnected } : {}) },
        });
      },
    });
    this.sessions.set(terminalId, session);
    this.outputs.set(terminalId, output);
    this.directories.set(terminalId, startIn);
    if (running) this.remote.set(terminalId, running);
    const shell = (remote?.shell ?? local.shell ?? this.defaults.shell).file;
    this.shells.set(terminalId, shell);
    return { cwd: startIn, shell };
  }

  private reopen({ terminalId, cols, rows }: RequestParams<'openTerminal'>) {
    const session = this.get(terminalId);
    const output = this.outputs.get(terminalId)!;
    // The page that had the output acknowledged is gone, and the new one gets all of it in the
    // replay: nothing is in flight, and a shell paused while nobody read it goes on.
    session.acknowledge(session.unacknowledged);
    session.resize(cols, rows);
    // A full-screen program sends changes, not screens, so the replay may lack what it drew long
    // ago. A size change and back makes it draw the whole screen again (as tmux does on attach);
    // the second step waits, because a program may skip a redraw if it reads its old size.
    if (output.alternateScreen && rows > 1) {
      session.resize(cols, rows - 1);
      setTimeout(() => {
        if (this.sessions.get(terminalId) === session) session.resize(cols, rows);
      }, REDRAW_STEP_MS);
    }
    return {
      cwd: this.directories.get(terminalId)!,
      restore: output.text(),
      shell: this.shells.get(terminalId)!,
    };
  }

  /**
   * A terminal on a host: `connect` gives its remote shell (it may ask the user and take seconds);
   * a close meanwhile wins, and no shell is started for a block that is gone.
   */
  async openRemote(
    params: RequestParams<'openTerminal'>,
    connect: () => Promise<TerminalLaunch['remote'] & {}>,
  ): Promise<RequestResult<'openTerminal'>> {
    const { terminalId } = params;
    const attempt = { closed: false };
    this.connecting.set(terminalId, attempt);
    try {
      const remote = await connect();
      if (attempt.closed) throw new Error('the terminal was closed while it connected');
      return this.open(params, { remote });
    } finally {
      if (this.connecting.get(terminalId) === attempt) this.connecting.delete(terminalId);
    }
  }

  /** Whether the block's shell is running (a reloaded page's block finds it so). */
  has(terminalId: string): boolean {
    return this.sessions.has(terminalId);
  }

  /** Keys for a shell that has ended (typed as it exited) go nowhere, and are no error. */
  write(terminalId: string, data: string): void {
    const session = this.sessions.get(terminalId);
    if (!session) return;
    session.write(data);
    if (data.includes('\r') && !this.remote.has(terminalId)) this.checkDirectoryLater(terminalId);
  }

  /** A resize can reach a shell that has just ended (the block redraws its notice): ignored. */
  resize(terminalId: string, cols: number, rows: number): void {
    this.sessions.get(terminalId)?.resize(cols, rows);
  }

  /** After a command line, tells the client if the shell now sits in another directory. */
  private checkDirectoryLater(terminalId: string): void {
    clearTimeout(this.directoryChecks.get(terminalId));
    const timer = setTimeout(async () => {
      this.directoryChecks.delete(terminalId);
      const session = this.sessions.get(terminalId);
      const cwd = session && (await processDirectory(session.pid));
      if (!cwd || !this.sessions.has(terminalId) || cwd === this.directories.get(terminalId))
        return;
      this.directories.set(terminalId, cwd);
      this.emit({ name: 'terminalDirectory', payload: { terminalId, cwd } });
    }, DIRECTORY_CHECK_MS);
    this.directoryChecks.set(terminalId, timer);
  }

  get(terminalId: string): TerminalSession {
    const session = this.sessions.get(terminalId);
    if (!session) throw new Error(`no open terminal ${terminalId}`);
    return session;
  }

  /** Acknowledgements still in flight when a shell exits find no terminal: nothing to pause. */
  acknowledge(terminalId: string, bytes: number): void {
    this.sessions.get(terminalId)?.acknowledge(bytes);
  }

  /**
   * A terminal that is gone (its shell exited) has nothing left to lose. A remote one is busy while
   * its shell's marks say a command runs; one whose shell sends none may be (closing it asks).
   */
  busy(terminalId: string): RequestResult<'terminalBusy'> {
    const running = this.remote.get(terminalId);
    if (running) {
      if (!running.integrated) return { busy: true, unknown: true };
      const { command } = running;
      return command === undefined
        ? { busy: false }
        : { busy: true, ...(command ? { command } : {}) };
    }
    const command = this.sessions.get(terminalId)?.foregroundCommand;
    return command ? { busy: true, command } : { busy: false };
  }

  async close(terminalId: string): Promise<void> {
    const connecting = this.connecting.get(terminalId);
    if (connecting) connecting.closed = true;
    const session = this.sessions.get(terminalId);
    if (!session) return;
    const ending = session.dispose();
    this.closing.set(terminalId, ending);
    await ending.finally(() => this.closing.delete(terminalId));
  }

  /**
   * Resolves once a close of `terminalId` under way is done: a block reopened under the same id
   * then gets a new shell, not the one being ended.
   */
  async closed(terminalId: string): Promise<void> {
    await this.closing.get(terminalId);
  }

  /** Ends every terminal at once, with nobody left to see them: the app quits or the page left. */
  async closeAll(): Promise<void> {
    await Promise.all(
      [...this.sessions.values()].map((session) => session.dispose(UNWATCHED_KILL_MS)),
    );
  }
}
