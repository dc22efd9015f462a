import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type {
  MessagePriority,
  PermissionMode,
  RequestAnswer,
  SessionLifecycle,
} from '../../shared/agent-control';
import type { AgentEvent } from '../../shared/agent-event';
import { launchCommand, readTextFile } from './claude-launch';
import { locateClaude, type LocateOptions } from './claude-locator';
import { errorMessage } from '../../shared/error-message';
import { Listeners } from '../../shared/listeners';
import { ClaudeTranslator } from './claude-translator';
import { SYSTEM_SUBTYPES } from './system-frames';
import { userMessage } from './control-protocol';
import { ControlChannel, ControlTimeoutError } from './control-channel';
import { parseFrame } from './parse-frame';
import { taskOutputOf, type TaskOutput } from './task-output';
import { rewindChangesOf } from './rewind-files';
import { resumeArgs } from './resume-args';
import type { RewindChanges } from '../../shared/contract/rewind';
import { suggestedPaths } from './file-suggestions';
import type { ImageAttachment } from '../../shared/contract/composer';
import { contextUsageEvent, initializeEvents } from './session-facts';
import { PermissionGate } from './permission-gate';
import { isVisibleText, RawRing } from './raw-tap';
import { SessionWatchdog } from './session-watchdog';
import { spawnPipeTransport } from './transport/pipe-transport';
import { descendantsOf, signalProcesses } from '../process/process-tree';
import { spawnPtyTransport } from './transport/pty-transport';
import { isExecutableFile } from '../platform/executables';
import {
  chooseTransport,
  type SpawnSpec,
  type Transport,
  type TransportExit,
  type TransportHandlers,
  type TransportKind,
} from './transport/transport';

/** The flags that make `claude` speak stream-json both ways and ask us for permissions. */
export const HEADLESS_ARGS = [
  '-p',
  '--input-format',
  'stream-json',
  '--output-format',
  'stream-json',
  '--verbose',
  '--include-partial-messages',
  '--replay-user-messages',
  '--permission-prompt-tool',
  'stdio',
];

export interface StartOptions {
  cwd: string;
  model?: string;
  permissionMode?: PermissionMode;
  resume?: string;
  /** With `resume`: a new session that starts from that one, which stays as it was. */
  forkSession?: boolean;
  /** With `resume`: the conversation kept goes up to this entry of it, and no further. */
  resumeAt?: string;
  transport?: TransportKind;
  /** The environment the child inherits (default: this process's: API keys, proxies, HOME, …). */
  env?: NodeJS.ProcessEnv;
  /** How to find the CLI (the user's setting, or a fixed path through TETHER_CLAUDE). */
  locate?: LocateOptions;
  /** More CLI flags, e.g. ['--max-turns', '3']. */
  extraArgs?: string[];
  cols?: number;
  rows?: number;
}

/**
 * What finding and starting the CLI needs from the machine: its platform decides how a `.cmd`
 * shim is started and which transport carries the bytes. Tests pass another platform's.
 */
export interface SessionHost {
  platform: NodeJS.Platform;
  isExecutable(path: string): boolean;
  /** A small text file's contents (a Windows shim), or null when it cannot be read. */
  readFile(path: string): string | null;
  spawn: Record<
    TransportKind,
    (spec: SpawnSpec, handlers: TransportHandlers) => Promise<Transport>
  >;
  /**
   * Whether an exit was the link to the CLI breaking rather than the CLI ending (a remote CLI's
   * ssh losing its connection): what to tell the user then, else null.
   */
  lostConnection?(exit: TransportExit): string | null;
}

const THIS_MACHINE: SessionHost = {
  platform: process.platform,
  isExecutable: isExecutableFile,
  readFile: readTextFile,
  spawn: { pty: spawnPtyTransport, pipe: spawnPipeTransport },
};

export interface SessionTimings {
  /** How long `initialize` may take before the start is called failed. */
  startTimeoutMs: number;
  /** How long our own control requests (interrupt, set_model, …) may wait for their answer. */
  controlTimeoutMs: number;
  /** dispose(): after closing stdin, before SIGTERM; and again before SIGKILL. */
  graceMs: number;
  /** Silence during a turn before the CLI is pinged to learn whether it still reads its input. */
  watchdogQuietMs: number;
  /** How long that ping may go unanswered before the session is reported unresponsive. */
  watchdogAnswerMs: number;
}

const DEFAULT_TIMINGS: SessionTimings = {
  startTimeoutMs: 60_000,
  controlTimeoutMs: 10_000,
  graceMs: 1500,
  watchdogQuietMs: 45_000,
  watchdogAnswerMs: 10_000,
};

/**
 * The watchdog's ping: read-only, so it changes nothing. The pinned CLI answers it at once
 * mid-turn, also while a Bash tool runs or the API reply is slow (as it answers any request it
 * reads, an unknown subtype with an error).
 */
const PING_SUBTYPE = 'mcp_status';

/** Completion that comes later than this is no use to someone typing. */
const FILE_SUGGESTIONS_TIMEOUT_MS = 2000;

export interface UnhandledOutput {
  /** Unhandled lines so far in this session. */
  count: number;
  line: string;
}

/**
 * One long-lived `claude` process serving every turn of an agent block: it writes user messages
 * and control requests to the CLI, turns its output into AgentEvents, and guarantees through the
 * PermissionGate that no permission prompt is ever left unanswered.
 */
export class AgentSession {
  private readonly events = new Listeners<AgentEvent>();
  private readonly rawChunks = new Listeners<Buffer>();
  private readonly lifecycles = new Listeners<SessionLifecycle>();
  private readonly unhandled = new Listeners<UnhandledOutput>();
  readonly onEvent = this.events.subscribe;
  /** The CLI's output bytes as they arrive, for the raw view. */
  readonly onRaw = this.rawChunks.subscribe;
  readonly onLifecycle = this.lifecycles.subscribe;
  /** Output that is neither a handled frame nor blank: the raw view should surface. */
  readonly onUnhandled = this.unhandled.subscribe;
  private transport: Transport | null = null;
  private readonly translator = new ClaudeTranslator();
  private readonly gate = new PermissionGate((line) => this.write(line));
  private readonly raw: RawRing;
  private readonly control: ControlChannel;
  private readonly timings: SessionTimings;
  private readonly host: SessionHost;
  private readonly watchdog: SessionWatchdog;
  private unhandledCount = 0;
  private lastVisibleLines: string[] = [];
  private lifecycle: SessionLifecycle = { state: 'starting' };
  private disposing = false;
  private startCalled = false;
  /** What was written before the child existed; it goes out, in order, once it does. */
  private queued: string[] = [];
  /** Set when `initialize` failed: the exit that follows is reported with this message. */
  private startFailure: string | null = null;
  private exited: Promise<void>;
  private markExited!: () => void;
  private initializeAnswer: Record<string, unknown> = {};
  private initFrame: Record<string, unknown> = {};

  constructor(
    options: { rawCapacity?: number; timings?: Partial<SessionTimings>; host?: SessionHost } = {},
  ) {
    this.host = options.host ?? THIS_MACHINE;
    this.raw = new RawRing(options.rawCapacity);
    this.timings = { ...DEFAULT_TIMINGS, ...options.timings };
    this.control = new ControlChannel((line) => this.write(line), this.timings.controlTimeoutMs);
    this.watchdog = new SessionWatchdog(
      { quietMs: this.timings.watchdogQuietMs, answerMs: this.timings.watchdogAnswerMs },
      {
        ping: (timeoutMs) => this.ping(timeoutMs),
        unresponsive: (since) => this.setLifecycle({ state: 'unresponsive', since }),
        responsive: () => {
          if (this.lifecycle.state === 'unresponsive') this.setLifecycle({ state: 'busy' });
        },
      },
    );
    this.exited = new Promise((resolve) => (this.markExited = resolve));
  }

  get state(): SessionLifecycle {
    return this.lifecycle;
  }

  get pid(): number | null {
    return this.transport?.pid ?? null;
  }

  get unhandledLines(): number {
    return this.unhandledCount;
  }

  /** The newest raw bytes of the session, for a raw view to replay. */
  rawSnapshot(): Buffer {
    return this.raw.snapshot();
  }

  /**
   * What the CLI announced of itself: its answer to `initialize` and its latest `system/init`
   * frame (empty until the first turn), for the modules that read their own fields of them.
   */
  get announced(): { initialize: Record<string, unknown>; init: Record<string, unknown> } {
    return { initialize: this.initializeAnswer, init: this.initFrame };
  }

  get pendingPermissions(): string[] {
    return this.gate.pendingIds;
  }

  /** Starts the CLI and waits until it answered `initialize`. Rejects with a message for the user. */
  async start(options: StartOptions): Promise<void> {
    if (this.startCalled) throw new Error('This session was already started.');
    this.startCalled = true;
    this.setLifecycle({ state: 'starting' });
    let transport: Transport;
    try {
      if (!existsSync(options.cwd)) {
        throw new Error(`the working directory ${options.cwd} does not exist.`);
      }
      const env = options.env ?? process.env;
      const { platform, isExecutable, readFile } = this.host;
      const { path } = await locateClaude({ env, platform, isExecutable, ...options.locate });
      const args = [...HEADLESS_ARGS];
      if (options.model) args.push('--model', options.model);
      // Always said: left out, the CLI starts in the user's configured default mode, which may
      // run tools without asking (auto, bypass) where the block shows `default`.
      args.push('--permission-mode', options.permissionMode ?? 'default');
      args.push(...resumeArgs(options));
      if (options.extraArgs) args.push(...options.extraArgs);
      const spawn = this.host.spawn[chooseTransport(options.transport, platform)];
      transport = await spawn(
        {
          ...launchCommand(path, args, { platform, env, isExecutable, readFile }),
          cwd: options.cwd,
          env: withFileCheckpointing(env),
          ...(options.cols ? { cols: options.cols } : {}),
          ...(options.rows ? { rows: options.rows } : {}),
        },
        {
          onData: (chunk) => this.onData(chunk),
          onLine: (line) => this.onLine(line),
          onOversizedLine: (bytes) =>
            this.noteUnhandled(
              `[Tether dropped an output line of ${bytes} bytes: over the size limit]`,
            ),
          onExit: (exit) => this.onExit(exit),
        },
      );
    } catch (error) {
      const message = startFailureMessage(error);
      this.finish({
        state: 'exited',
        code: null,
        signal: null,
        reason: 'failed_to_start',
        message,
      });
      throw new Error(message);
    }
    this.transport = transport;
    for (const line of this.queued.splice(0)) transport.write(line);
    if (this.disposing) {
      // Closed while it was still being found and spawned.
      this.disposing = false;
      await this.dispose();
      throw new Error('The session was closed before it started.');
    }
    try {
      // promptSuggestions: after each turn the CLI guesses the next prompt (one small API call).
      // perTaskStopAffordance: each background task has its own Stop here, so an interrupt
      // (Esc) ends the turn and leaves background agents running.
      // No supportedDialogKinds: Tether renders no request_user_dialog kind, and the CLI sends
      // only the kinds a host declares (each flow falls back to its no-dialog behaviour).
      const response = await this.control.request(
        { subtype: 'initialize', promptSuggestions: true, perTaskStopAffordance: true },
        this.timings.startTimeoutMs,
      );
      this.initializeAnswer = response;
      for (const event of initializeEvents(response)) this.emitEvent(event);
    } catch (error) {
      const detail = this.lastVisibleLines.join(' | ') || errorMessage(error);
      this.startFailure = `Claude Code did not start: ${detail}`;
      await this.dispose();
      throw new Error(
        this.lifecycle.state === 'exited' ? this.lifecycle.message : this.startFailure,
      );
    }
    // A message sent while the CLI started is a turn under way: ready says the pid, busy goes on.
    const turnUnderWay = this.lifecycle.state === 'busy';
    this.setLifecycle({ state: 'ready', pid: transport.pid });
    if (turnUnderWay) this.setLifecycle({ state: 'busy' });
  }

  /**
   * Sends a user message, with its images; the CLI queues it if a turn is running, and `priority`
   * says what happens to that turn. `uuid` (new if not given) is what its `prompt_state` events
   * name.
   */
  send(
    text: string,
    uuid: string = randomUUID(),
    images: readonly ImageAttachment[] = [],
    priority?: MessagePriority,
  ): void {
    if (this.lifecycle.state === 'exited') {
      throw new Error('The Claude session has ended; start a new one to continue.');
    }
    this.write(userMessage(text, uuid, images, priority));
    // A CLI that does not answer still does not: only its output says otherwise.
    if (this.lifecycle.state !== 'unresponsive') this.setLifecycle({ state: 'busy' });
  }

  /**
   * One control request of the CLI's own settings and state (`mcp_status`, `get_settings`, …),
   * answered by its `response` or rejected with the CLI's refusal. The modules that know each
   * request's shape read the answer; the session only carries it.
   */
  controlRequest(request: { subtype: string } & Record<string, unknown>, timeoutMs?: number) {
    return this.control.request(request, timeoutMs);
  }

  /** Stops the running turn (the CLI's interrupt request, not a kill); the session stays usable. */
  async interrupt(): Promise<void> {
    await this.control.request({ subtype: 'interrupt' });
  }

  /**
   * Takes a queued prompt back before a turn reads it (the CLI's `cancel_async_message`). False
   * when it is no longer waiting: a turn has taken it in.
   */
  async withdraw(uuid: string): Promise<boolean> {
    const response = await this.control.request({
      subtype: 'cancel_async_message',
      message_uuid: uuid,
    });
    return response['cancelled'] === true;
  }

  /**
   * Runs a queued prompt now: the running turn stops as for an interrupt and the prompt starts the
   * next one (the interrupt's `send_now`). Background tasks go on, as the CLI promises for it.
   */
  async sendNow(uuid: string): Promise<void> {
    await this.control.request({ subtype: 'interrupt', send_now: true, message_uuid: uuid });
  }

  /** Stops one background task (a shell or an agent) by the id its `subagent` events carry. */
  async stopTask(taskId: string): Promise<void> {
    await this.control.request({ subtype: 'stop_task', task_id: taskId });
  }

  /** The end of a background shell's output (at most the last 8 KiB it wrote), as plain text. */
  async taskOutput(taskId: string): Promise<TaskOutput> {
    return taskOutputOf(
      await this.control.request({ subtype: 'get_task_output', task_id: taskId }),
    );
  }

  /**
   * Claude Code's own `@` completion for `query` (its `file_suggestions`): paths relative to
   * the session's folder, or absolute. Asked on each keystroke, so it waits only briefly.
   */
  async fileSuggestions(query: string): Promise<string[]> {
    const response = await this.control.request(
      { subtype: 'file_suggestions', query },
      FILE_SUGGESTIONS_TIMEOUT_MS,
    );
    return suggestedPaths(response);
  }

  /**
   * What rewinding the files to before the prompt `userMessageId` changes: only reported with
   * `dryRun`, else done. Refused (thrown, with the CLI's reason) where there is no checkpoint.
   */
  async rewindFiles(userMessageId: string, dryRun: boolean): Promise<RewindChanges> {
    return rewindChangesOf(
      await this.control.request({
        subtype: 'rewind_files',
        user_message_id: userMessageId,
        ...(dryRun ? { dry_run: true } : {}),
      }),
    );
  }

  async setPermissionMode(mode: PermissionMode): Promise<void> {
    await this.control.request({ subtype: 'set_permission_mode', mode });
  }

  async setModel(model: string): Promise<void> {
    await this.control.request({ subtype: 'set_model', model });
  }

  /** Names the Claude session as the user named its block, as a rename made in the host app. */
  async rename(title: string): Promise<void> {
    await this.control.request({ subtype: 'rename_session', title, source: 'host' });
  }

  /**
   * Answers a permission request or an MCP server's form. False when the request is no longer
   * pending (answered, withdrawn, or the process is gone).
   */
  answerPermission(requestId: string, decision: RequestAnswer): boolean {
    const answered = this.gate.answer(requestId, decision);
    if (answered) {
      this.emitEvent({
        type: 'permission_answered',
        request_id: requestId,
        behavior: decision.behavior,
      });
    }
    return answered;
  }

  /** Denies every pending prompt, e.g. when the view that showed them goes away. */
  denyPendingPermissions(message: string): void {
    for (const id of this.gate.denyAll(message))
      this.emitEvent({ type: 'permission_cancelled', request_id: id });
  }

  resize(cols: number, rows: number): void {
    this.transport?.resize(cols, rows);
  }

  /**
   * Ends the session: pending prompts are denied, stdin is closed so the CLI can leave on its own,
   * then its process group gets SIGTERM and, after a bounded grace, SIGKILL.
   */
  async dispose(): Promise<void> {
    if (this.disposing || this.lifecycle.state === 'exited') return this.exited;
    this.disposing = true;
    const transport = this.transport;
    if (!transport) {
      // Not spawned yet: start() ends it as soon as it is.
      if (!this.startCalled) {
        this.finish({
          state: 'exited',
          code: null,
          signal: null,
          reason: 'disposed',
          message: 'The session was closed.',
        });
      }
      return this.exited;
    }
    // Taken now: once the CLI is gone its orphans can no longer be traced back to it.
    const descendants = process.platform === 'win32' ? [] : descendantsOf(transport.pid);
    this.denyPendingPermissions('The session was closed.');
    transport.closeInput();
    const steps: (NodeJS.Signals | null)[] = [null, 'SIGTERM', 'SIGKILL'];
    for (const signal of steps) {
      if (signal) transport.signal(signal);
      if (await settlesWithin(this.exited, this.timings.graceMs)) break;
    }
    await this.exited;
    // Whatever the CLI started and left behind goes too.
    signalProcesses(descendants, 'SIGKILL');
  }

  /** True once the CLI answered the ping in time, with success or an error alike. */
  private async ping(timeoutMs: number): Promise<boolean> {
    try {
      await this.control.request({ subtype: PING_SUBTYPE }, timeoutMs);
      return true;
    } catch (error) {
      return !(error instanceof ControlTimeoutError);
    }
  }

  private write(line: string): void {
    if (this.transport) this.transport.write(line);
    else this.queued.push(line);
  }

  private onData(chunk: Buffer): void {
    this.watchdog.heard();
    this.raw.append(chunk);
    this.rawChunks.fire(chunk);
  }

  private onLine(line: string): void {
    const frame = parseFrame(line);
    switch (frame.kind) {
      case 'malformed':
      case 'other':
        if (isVisibleText(line)) this.noteUnhandled(line);
        return;
      case 'invalid':
        // The CLI blocks on a control request until it is answered, even one we cannot read.
        if (frame.request_id !== null) {
          this.gate.refuse(frame.request_id, `Malformed control request: ${frame.problem}`);
        }
        this.noteUnhandled(line);
        return;
      case 'control_request':
        // Unserved subtypes are answered with an error by the gate and produce no event.
        if (!this.gate.receive(frame)) {
          this.noteUnhandled(line);
          return;
        }
        break;
      case 'system':
        if (!SYSTEM_SUBTYPES.has(frame.subtype)) this.noteUnhandled(line);
        if (frame.subtype === 'init') this.initFrame = frame.fields;
        break;
      case 'control_cancel_request':
        if (!this.gate.withdraw(frame.request_id)) return;
        break;
      case 'control_response':
        this.control.receive(frame);
        return;
    }
    let events: AgentEvent[];
    try {
      events = this.translator.push(frame);
    } catch {
      // A translator fault must not take the session down; the bytes are in the raw view.
      this.noteUnhandled(line);
      return;
    }
    for (const event of events) {
      // The CLI does not say when a task started; the panel counts its time from here.
      if (event.type === 'subagent' && event.status === 'started') event.started_at ??= Date.now();
      this.emitEvent(event);
      // A turn can start without a message from us (a background subagent reporting back).
      if (event.type === 'status' && event.status === 'requesting')
        this.setLifecycle({ state: 'busy' });
    }
    if (frame.kind === 'result') {
      if (this.lifecycle.state === 'busy') this.setLifecycle({ state: 'idle' });
      void this.reportContextUsage();
    }
  }

  /**
   * The context in use as the CLI counts it (system prompt, tools, messages), after a turn. A CLI
   * that cannot say leaves the meter on the last API call's usage.
   */
  private async reportContextUsage(): Promise<void> {
    try {
      const usage = contextUsageEvent(await this.control.request({ subtype: 'get_context_usage' }));
      if (usage) this.emitEvent(usage);
    } catch {
      // Refused, timed out or exited: the figure from the result stands.
    }
  }

  private noteUnhandled(line: string): void {
    this.unhandledCount++;
    const text = line.length > 500 ? line.slice(0, 500) + '…' : line;
    this.lastVisibleLines = [...this.lastVisibleLines.slice(-2), text];
    this.unhandled.fire({ count: this.unhandledCount, line: text });
  }

  private onExit(exit: TransportExit): void {
    for (const id of this.gate.dropAll())
      this.emitEvent({ type: 'permission_cancelled', request_id: id });
    this.control.dispose('Claude Code exited before it answered.');
    for (const event of this.translator.end()) this.emitEvent(event);
    const midTurn = this.lifecycle.state === 'busy' || this.lifecycle.state === 'unresponsive';
    const how = exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`;
    const lost = this.host.lostConnection?.(exit) ?? null;
    let reason: SessionLifecycle & { state: 'exited' };
    if (this.startFailure !== null || (!this.disposing && this.lifecycle.state === 'starting')) {
      const said = this.lastVisibleLines.join(' | ') || `it exited (${how})`;
      const message = this.startFailure ?? `Claude Code did not start: ${said}`;
      reason = { state: 'exited', ...exit, reason: 'failed_to_start', message };
    } else if (this.disposing) {
      reason = { state: 'exited', ...exit, reason: 'disposed', message: 'The session was closed.' };
    } else if (lost) {
      if (midTurn) this.emitEvent({ type: 'error', message: lost, subtype: 'process_exited' });
      reason = { state: 'exited', ...exit, reason: 'disconnected', message: lost };
    } else if (!midTurn && exit.code === 0) {
      reason = { state: 'exited', ...exit, reason: 'ended', message: 'Claude Code finished.' };
    } else {
      const last = this.lastVisibleLines.length
        ? ` It said: ${this.lastVisibleLines.join(' | ')}`
        : '';
      const message = `Claude Code exited unexpectedly (${how}).${last} Its output is kept in the raw view; start a new session to continue.`;
      if (midTurn) this.emitEvent({ type: 'error', message, subtype: 'process_exited' });
      reason = { state: 'exited', ...exit, reason: 'crashed', message };
    }
    this.finish(reason);
  }

  private finish(exited: SessionLifecycle & { state: 'exited' }): void {
    if (this.lifecycle.state === 'exited') return;
    // Once it has ended no request of ours can be answered (a no-op after the exit said so).
    this.control.dispose('The Claude session has ended.');
    this.setLifecycle(exited);
    this.markExited();
  }

  private emitEvent(event: AgentEvent): void {
    this.events.fire(event);
  }

  private setLifecycle(next: SessionLifecycle): void {
    if (this.lifecycle.state === 'exited') return;
    if (this.lifecycle.state === next.state && next.state !== 'starting') return;
    this.lifecycle = next;
    if (next.state === 'busy') this.watchdog.watch();
    else if (next.state !== 'unresponsive') this.watchdog.stop();
    this.lifecycles.fire(next);
  }
}

/**
 * The CLI keeps file checkpoints for a headless session only when asked: they are what
 * "Rewind code to here" restores. A value the user set themselves stands.
 */
export function withFileCheckpointing(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (env['CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING'] !== undefined) return env;
  return { ...env, CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING: 'true' };
}

function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    void promise.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

function startFailureMessage(error: unknown): string {
  if (error instanceof Error && error.name === 'ClaudeNotFoundError') return error.message;
  return `Could not start Claude Code: ${errorMessage(error)}`;
}
