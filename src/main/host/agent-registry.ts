import { statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { AgentEvent } from '../../shared/agent-event';
import type { EventMessage, RequestParams, RequestResult } from '../../shared/contract/host';
import { AgentOutputBatcher } from '../agent/agent-output-batcher';
import { AgentSession, type SessionHost, type StartOptions } from '../agent/agent-session';
import { EventLog } from '../agent/event-log';
import { isDirectory } from './fs-checks';
import { missedEvents } from './missed-events';
import type { TransportKind } from '../agent/transport/transport';

export interface AgentDefaults {
  workspaceDir: string;
  /** Where each agent block's event log is kept (`<dir>/<agentId>.jsonl`). */
  agentLogDir: string;
  /** The environment the CLI inherits (default: this process's). */
  agentEnv?: NodeJS.ProcessEnv;
  /** The user's `claudePath` setting. */
  claudePath?: string;
  /** The CLI's task tools, for the plan checklist (default on; the `taskTools` setting). */
  taskTools?: boolean;
  agentTransport?: TransportKind;
  /**
   * A Claude session's transcript as written by the CLI, for a block that resumes a session it
   * has no log of (one picked in the session library): its earlier conversation shows.
   */
  pastTranscript?: (sessionId: string, host?: string) => Promise<AgentEvent[] | null>;
  /** The entry of a session's file a fork that stops before the prompt `uuid` resumes at. */
  forkPoint?: (sessionId: string, uuid: string, host?: string) => Promise<string | null>;
  /** How a block on another machine runs its CLI: over ssh to `host`, in `cwd` there. */
  remoteSession?: (host: string, cwd: string, agentId: string) => SessionHost;
  /** A block on `host` is closed for good: whatever is left of its CLI there ends. */
  endRemoteSession?: (host: string, agentId: string) => void;
  /** A block's CLI announced its session (a new one, or a new id after `/clear` or a fork). */
  onSessionStarted?: (sessionId: string) => void;
}

/** Where a block's session works: a folder here, or one on an ssh host. */
export interface AgentLocation {
  cwd: string;
  host?: string;
}

interface Agent {
  session: AgentSession;
  cwd: string;
  log: EventLog;
  batcher: AgentOutputBatcher;
  /** Events held back while a reopening page's history is read; null the rest of the time. */
  held: AgentEvent[] | null;
  /** Raw views open on this session: its raw bytes go out only while there is one. */
  rawViews: number;
  /** What the session sent since it resumed, while what it missed is looked for; else null. */
  since: AgentEvent[] | null;
}

/**
 * Who holds each agent block across the host's clients. A block has one holder: two windows or
 * tabs of one workspace would otherwise append to one event log, and the first to close it for
 * good would delete the other's transcript.
 */
export interface AgentClaims {
  /** Resolves once this client holds the block; throws while another client that is still there does. */
  claim(agentId: string): Promise<void>;
  release(agentId: string): void;
  /** Whether another client holds the block now: its transcript is not this client's to delete. */
  heldElsewhere(agentId: string): boolean;
}

const unshared: AgentClaims = {
  claim: async () => undefined,
  release: () => undefined,
  heldElsewhere: () => false,
};

/**
 * The agent sessions one client opened, keyed by block id: only that client can address them,
 * and they end with it. Each session's output is batched per frame for the wire and appended to
 * the block's event log, so a restart can show the transcript again.
 */
export class AgentRegistry {
  private readonly agents = new Map<string, Agent>();
  private readonly closing = new Map<string, Promise<void>>();
  private readonly places = new Map<string, AgentLocation>();

  constructor(
    private readonly defaults: AgentDefaults,
    private readonly emit: (event: EventMessage) => void,
    private readonly claims: AgentClaims = unshared,
  ) {}

  /**
   * `launch`: what the current settings and the user's environment say, over the defaults. A
   * session that is already running (the page reloaded) goes on: its history and state come back.
   */
  async open(
    params: RequestParams<'openAgent'>,
    launch: Partial<Pick<AgentDefaults, 'agentEnv' | 'claudePath' | 'taskTools'>> = {},
  ): Promise<RequestResult<'openAgent'>> {
    const { agentId } = params;
    // A block reopened right after its close: the old session's log is closed before it is read.
    await this.closing.get(agentId);
    const running = this.agents.get(agentId);
    if (running) return this.reopen(running);
    const from = await this.startingPoint(params);
    await this.claims.claim(agentId);
    const logPath = join(this.defaults.agentLogDir, `${agentId}.jsonl`);
    const earlier = await this.earlierTranscript(logPath, from.resume, params);
    // Opened meanwhile by a second request of this client: that one goes on.
    const opened = this.agents.get(agentId);
    if (opened) return this.reopen(opened);
    const { host } = params;
    // A remote folder is the remote's to check (the CLI's start says if it is not there); a
    // block that names none starts in the remote user's home, where ssh starts.
    const cwd = host
      ? (params.cwd ?? '.')
      : params.cwd && isDirectory(params.cwd)
        ? params.cwd
        : this.defaults.workspaceDir;
    const remoteSession = this.defaults.remoteSession;
    if (host && !remoteSession) throw new Error('this Tether cannot open blocks on other machines');
    // A log that cannot write says so in the block's transcript, and again once it can.
    const log = new EventLog(logPath, (notice) => batcher.pushEvent({ type: 'notice', ...notice }));
    let history = log.readAll();
    if (history.length === 0 && earlier?.length) {
      log.append(earlier);
      history = earlier;
    }
    const session = new AgentSession(host ? { host: remoteSession!(host, cwd, agentId) } : {});
    // A closed block's session ends without a word to the client (its log still gets every
    // event): a block reopened under the same id may already be listening.
    const open = () => this.agents.get(agentId) === agent;
    const batcher = new AgentOutputBatcher((events, raw) => {
      if (raw && agent.rawViews > 0 && open())
        this.emit({ name: 'agentRaw', payload: { agentId, data: raw } });
      if (events.length === 0) return;
      agent.since?.push(...events);
      if (agent.held) return void agent.held.push(...events);
      log.append(events);
      if (open()) this.emit({ name: 'agentEvents', payload: { agentId, events } });
    });
    session.onEvent((event) => {
      if (event.type === 'session_started') this.defaults.onSessionStarted?.(event.session_id);
      batcher.pushEvent(event);
    });
    session.onRaw((chunk) => {
      if (agent.rawViews > 0) batcher.pushRaw(chunk);
    });
    session.onUnhandled(({ count, line }) => {
      batcher.flush();
      if (open()) this.emit({ name: 'agentUnhandled', payload: { agentId, count, line } });
    });
    session.onLifecycle((state) => {
      batcher.flush();
      if (open()) this.emit({ name: 'agentState', payload: { agentId, state } });
    });
    // A remote block reconnecting: its CLI may have gone on without it.
    const catchUp = host && from.resume && !from.forkSession && history.length > 0;
    const agent: Agent = {
      session,
      cwd,
      log,
      batcher,
      held: null,
      rawViews: 0,
      since: catchUp ? [] : null,
    };
    this.agents.set(agentId, agent);
    this.places.set(agentId, { cwd, ...(host ? { host } : {}) });

    const { agentEnv, claudePath, taskTools } = { ...this.defaults, ...launch };
    const started = session.start({
      // A remote CLI's folder is its session host's; ssh runs from the workspace here.
      cwd: host ? this.defaults.workspaceDir : cwd,
      env: withTaskTools(agentEnv ?? process.env, taskTools !== false),
      ...(claudePath ? { locate: { setting: claudePath } } : {}),
      ...(this.defaults.agentTransport ? { transport: this.defaults.agentTransport } : {}),
      ...(params.model ? { model: params.model } : {}),
      ...(params.permissionMode ? { permissionMode: params.permissionMode } : {}),
      ...from,
    });
    // The failure reaches the block as an `exited` state with its message.
    started.catch(() => undefined);
    if (catchUp) {
      void started.then(
        () => this.catchUp(agentId, agent, history, from.resume!, host),
        () => (agent.since = null),
      );
    }
    return { cwd, history };
  }

  /**
   * A remote CLI whose link died went on with its turn, writing only to its session file: what
   * the block missed comes from that file, once the new CLI runs (its start ended the old one, so
   * the file is whole). The page gets it as events, after a note saying where they come from.
   */
  private async catchUp(
    agentId: string,
    agent: Agent,
    history: AgentEvent[],
    sessionId: string,
    host: string,
  ) {
    const transcript = await this.defaults.pastTranscript?.(sessionId, host).catch(() => null);
    agent.batcher.flush();
    const since = agent.since ?? [];
    agent.since = null;
    // A block closed meanwhile: its next open looks again.
    if (!transcript || this.agents.get(agentId) !== agent) return;
    const missed = missedEvents(history, since, transcript);
    if (missed.length === 0) return;
    agent.batcher.pushEvent({
      type: 'notice',
      level: 'info',
      text: 'Claude went on while this block was not connected to it; what it did then is below, from its session file.',
    });
    for (const event of missed) agent.batcher.pushEvent(event);
    agent.batcher.flush();
  }

  /**
   * The log is the history: every event the old page was sent is in it once written to disk. New
   * events wait meanwhile, then go to the log and into this history, and only later ones are sent:
   * the page sees each event once.
   */
  private async reopen(agent: Agent): Promise<RequestResult<'openAgent'>> {
    if (agent.held) throw new Error('this agent block is being reopened already');
    agent.batcher.flush();
    agent.held = [];
    await agent.log.dispose();
    const held = agent.held;
    if (!held) throw new Error('this agent block was closed');
    const history = agent.log.readAll();
    agent.held = null;
    agent.log.append(held);
    return {
      cwd: agent.cwd,
      history: [...history, ...held],
      state: agent.session.state,
      unhandled: agent.session.unhandledLines,
    };
  }

  /**
   * A raw view opens: what the session wrote so far (its ring), and what it writes from now on
   * as `agentRaw` events. Pending output goes first, so no event overtakes bytes of the snapshot.
   */
  openRaw(agentId: string): RequestResult<'openAgentRaw'> {
    const agent = this.agents.get(agentId);
    if (!agent) throw new Error(`no open agent ${agentId}`);
    agent.batcher.flush();
    agent.rawViews++;
    const { session } = agent;
    return { data: session.rawSnapshot().toString('base64'), unhandled: session.unhandledLines };
  }

  /**
   * Another page took over this client (a reload): the raw views open were the old page's, and the
   * new one opens its own. A second openAgent of the same page leaves them open.
   */
  dropRawViews(): void {
    for (const agent of this.agents.values()) agent.rawViews = 0;
  }

  /** A raw view closed; an agent already gone has nothing left to send. */
  closeRaw(agentId: string): void {
    const agent = this.agents.get(agentId);
    if (agent) agent.rawViews = Math.max(0, agent.rawViews - 1);
  }

  /**
   * A new session, a resumed one or a fork. A fork that stops before a prompt ("Fork from here")
   * resumes at the entry before it; before the first prompt there is nothing to keep.
   */
  private async startingPoint({
    resumeSessionId: resume,
    forkSession,
    resumeAt,
    host,
  }: RequestParams<'openAgent'>): Promise<
    Pick<StartOptions, 'resume' | 'forkSession' | 'resumeAt'>
  > {
    if (!resume) return {};
    if (!forkSession) return { resume };
    if (!resumeAt) return { resume, forkSession: true };
    const { forkPoint } = this.defaults;
    if (!forkPoint) throw new Error('this host cannot read session files to fork at a message');
    const point = await forkPoint(resume, resumeAt, host);
    return point === null ? {} : { resume, forkSession: true, resumeAt: point };
  }

  /**
   * The CLI's own transcript of `sessionId` (on the block's host), when this block has no log of
   * its own yet; for a fork that stops before the prompt `resumeAt`, what came before it.
   */
  private async earlierTranscript(
    logPath: string,
    sessionId: string | undefined,
    { resumeAt: before, host }: RequestParams<'openAgent'>,
  ): Promise<AgentEvent[] | null> {
    const { pastTranscript } = this.defaults;
    if (!sessionId || !pastTranscript) return null;
    const logged = (() => {
      try {
        return statSync(logPath).size > 0;
      } catch {
        return false;
      }
    })();
    if (logged) return null;
    const events = await pastTranscript(sessionId, host).catch(() => null);
    if (!events || !before) return events;
    const cut = events.findIndex((event) => event.type === 'user_message' && event.uuid === before);
    return cut < 0 ? events : events.slice(0, cut);
  }

  /**
   * A tool call of this block, from its log (the block may be closed): what a review acts on, so
   * that only what the agent really did can be taken back or opened.
   */
  toolUse(agentId: string, toolUseId: string): AgentEvent & { type: 'tool_use' } {
    return toolUseIn(this.logged(agentId), toolUseId);
  }

  /** Every event of this block's log (the block may be closed). */
  logged(agentId: string): AgentEvent[] {
    return new EventLog(
      join(this.defaults.agentLogDir, `${agentId}.jsonl`),
      () => undefined,
    ).readAll();
  }

  /**
   * Where a block's session worked, kept past its close: a review acts on a closed block's log,
   * and must not take a remote block's paths for this machine's.
   */
  placeOf(agentId: string): AgentLocation | undefined {
    return this.places.get(agentId);
  }

  /** Where the agent's session works: its folder, and its host when that is another machine. */
  location(agentId: string): AgentLocation {
    const place = this.agents.has(agentId) ? this.places.get(agentId) : undefined;
    if (!place) throw new Error(`no open agent ${agentId}`);
    return place;
  }

  get(agentId: string): AgentSession {
    const agent = this.agents.get(agentId);
    if (!agent) throw new Error(`no open agent ${agentId}`);
    return agent.session;
  }

  /** Resolves once the session and its log are closed, also when a close is already under way. */
  close(agentId: string, forget = false): Promise<void> {
    const pending = this.closing.get(agentId);
    if (pending) return pending;
    const agent = this.agents.get(agentId);
    // A closed block the user can no longer reopen: its history goes too, unless the block is
    // open in another client (then this one's close is no word on it).
    if (!agent) {
      return forget && !this.claims.heldElsewhere(agentId)
        ? this.removeLog(agentId)
        : Promise.resolve();
    }
    this.agents.delete(agentId);
    const host = this.places.get(agentId)?.host;
    const closed = (async () => {
      await agent.session.dispose();
      if (forget && host) this.defaults.endRemoteSession?.(host, agentId);
      agent.batcher.flush();
      if (agent.held) agent.log.append(agent.held);
      agent.held = null;
      await (forget ? agent.log.remove() : agent.log.dispose());
      this.claims.release(agentId);
    })().finally(() => this.closing.delete(agentId));
    this.closing.set(agentId, closed);
    return closed;
  }

  private async removeLog(agentId: string): Promise<void> {
    await rm(join(this.defaults.agentLogDir, `${agentId}.jsonl`), { force: true });
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.agents.keys()].map((id) => this.close(id)));
  }
}

/** The tool call `toolUseId` of a block's log. */
export function toolUseIn(
  events: readonly AgentEvent[],
  toolUseId: string,
): AgentEvent & { type: 'tool_use' } {
  const found = events.find(
    (event): event is AgentEvent & { type: 'tool_use' } =>
      event.type === 'tool_use' && event.id === toolUseId,
  );
  if (!found) throw new Error(`this agent block made no tool call ${toolUseId}`);
  return found;
}

/**
 * The CLI leaves its task tools off in headless mode unless this variable asks for them; a value
 * the user set themselves stands.
 */
export function withTaskTools(env: NodeJS.ProcessEnv, on: boolean): NodeJS.ProcessEnv {
  if (!on || env['CLAUDE_CODE_ENABLE_TODO_TOOLS'] !== undefined) return env;
  return { ...env, CLAUDE_CODE_ENABLE_TODO_TOOLS: '1' };
}
