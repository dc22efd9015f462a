import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { AgentEvent } from '../../shared/agent-event';
import type { EventMessage, RequestParams, RequestResult } from '../../shared/contract/host';
import {
  TETHER_ENTRYPOINT,
  type LibraryFilter,
  type LibraryProgress,
  type SessionSummary,
} from '../../shared/library';
import type { UsageTable } from '../../shared/contract/usage';
import { claudeConfigDir } from '../library/index/claude-dir';
import { INDEX_FILE } from '../library/index/index-store';
import { SessionLibrary } from '../library/index/session-library';
import { HostLibraries, type LibraryRemote } from '../library/remote/host-libraries';
import { readSessionFile } from '../library/session-file';
import { entryBefore } from '../library/fork-point';

export interface LibraryServiceOptions {
  /** Where the index is kept: the app's own data folder. */
  indexDir: string;
  /** The user's environment (its CLAUDE_CONFIG_DIR says where the CLI keeps its sessions). */
  environment: Promise<NodeJS.ProcessEnv>;
  log(message: string): void;
  /** Shows a file in the system's file manager; absent where the host cannot (browser mode). */
  revealPath?: (path: string) => void;
  platform?: NodeJS.Platform;
  home?: string;
  /**
   * Opens an index an earlier run left this long after the host starts, so the library is
   * already open (its index read, its listing in memory) when the user first asks for it.
   */
  warmAfterMs?: number;
  /** The ssh hosts Tether connects to, whose sessions the library fetches and lists too. */
  remote?: LibraryRemote;
  /** The CLI's folder remote CLIs are told (their `CLAUDE_CONFIG_DIR`), when Tether sets one. */
  remoteClaudeConfigDir?: string | undefined;
  /** The sessions Tether's agent blocks ran: listed as Tether's, not as headless runs. */
  ownSessions?: { has(sessionId: string): boolean };
}

/** What a session id can be (the CLI's are UUIDs). */
const SESSION_ID = /^[\w-]+$/;

/** Progress events at most this often: a first build reports after every slice of work. */
const PROGRESS_EVERY_MS = 250;

/**
 * The session library as the host serves it: opened on first use, or soon after the host starts
 * when an earlier run left an index (its first build runs in the background, its progress
 * broadcast), followed for changes, and asked by the agent registry for
 * the earlier transcript of a session a new block resumes.
 */
export class LibraryService {
  private opening: Promise<SessionLibrary> | null = null;
  private progress: LibraryProgress | null = null;
  private lastProgressAt = 0;
  private closed = false;
  private readonly warmTimer: NodeJS.Timeout | undefined;
  private readonly hostLibraries: HostLibraries | undefined;

  constructor(
    private readonly options: LibraryServiceOptions,
    private readonly broadcast: (event: EventMessage) => void,
  ) {
    if (options.remote)
      this.hostLibraries = new HostLibraries({
        dir: join(options.indexDir, 'hosts'),
        remote: options.remote,
        claudeConfigDir: options.remoteClaudeConfigDir,
        log: options.log,
        onChange: () => this.broadcast({ name: 'libraryChanged', payload: {} }),
        onProgress: (progress) => this.reportProgress(progress),
      });
    // Opening costs a few hundred milliseconds at 10,000 sessions (most of it WebAssembly SQLite
    // running for the first time): paid here, in the background, rather than when the dialog
    // opens. Without an index the user has not used the library, and nothing is started for them.
    if (options.warmAfterMs !== undefined && existsSync(join(options.indexDir, INDEX_FILE)))
      this.warmTimer = setTimeout(
        () => void this.library().catch(() => undefined),
        options.warmAfterMs,
      ).unref();
  }

  /**
   * This computer's sessions, or with `host` that host's (as last fetched: a listing fetches what
   * changed there in the background, and the list is told when it is in).
   */
  async list({ host, ...filter }: LibraryFilter): Promise<RequestResult<'listSessions'>> {
    void this.hostLibraries?.refresh().catch(() => undefined);
    const library = await this.library(host);
    return {
      sessions: library.list(filter).map((session) => this.shown(session, host)),
      projects: library.projects(),
      problems: { ...library.problems(), hosts: this.hostLibraries?.problems() ?? [] },
      hosts: (await this.hostLibraries?.hosts()) ?? [],
      progress: this.progress,
    };
  }

  async search({
    query,
    host,
    ...filter
  }: RequestParams<'searchSessions'>): Promise<RequestResult<'searchSessions'>> {
    const hits = await (await this.library(host)).search(query, filter);
    return { hits: hits.map((hit) => ({ ...hit, session: this.shown(hit.session, host) })) };
  }

  /** A session as listed: on its host, and Tether's when one of its blocks ran it. */
  private shown(session: SessionSummary, host: string | undefined): SessionSummary {
    const listed = onHost(session, host);
    return this.options.ownSessions?.has(session.sessionId)
      ? { ...listed, entrypoint: TETHER_ENTRYPOINT }
      : listed;
  }

  async read(sessionId: string, host?: string): Promise<RequestResult<'readSession'>> {
    const session = await this.find(sessionId, host);
    const { events, skipped, unknown } = await readSessionFile(session.path);
    return { session, events, skipped, unknown };
  }

  /** Tokens and cost by day and by project over this computer's sessions, once the scan under way ends. */
  async usage(): Promise<UsageTable> {
    const library = await this.library();
    await library.settled();
    return library.usage();
  }

  /** Scans this computer's sessions again, and fetches the connected hosts' now. */
  async rescan(): Promise<void> {
    await Promise.all([(await this.library()).rescan(), this.hostLibraries?.refresh(true)]);
  }

  /** A host's session is shown where it is there: its copy here is Tether's own. */
  async reveal(sessionId: string, host?: string): Promise<RequestResult<'revealSessionFile'>> {
    const { path } = await this.find(sessionId, host);
    if (host) {
      const there = await (await this.hostLibraries!.mirror(host)).remotePath(path);
      return { path: `${host}:${there ?? path}`, revealed: false };
    }
    if (!this.options.revealPath) return { path, revealed: false };
    this.options.revealPath(path);
    return { path, revealed: true };
  }

  /**
   * The CLI's own transcript of a session, also before the index has reached it (a first build
   * still under way): its file is `projects/<folder>/<session-id>.jsonl` in one of the folders.
   * A host's is fetched first, for what it wrote since the library last looked.
   */
  async pastTranscript(sessionId: string, host?: string): Promise<AgentEvent[] | null> {
    const path = await this.sessionFile(sessionId, host);
    return path ? (await readSessionFile(path)).events : null;
  }

  /** The entry a fork that stops before the prompt `uuid` resumes at (null: the first prompt). */
  async forkPoint(sessionId: string, uuid: string, host?: string): Promise<string | null> {
    const path = await this.sessionFile(sessionId, host);
    if (!path) throw new Error(`no session file for ${sessionId}`);
    return entryBefore(path, uuid);
  }

  private async sessionFile(sessionId: string, host?: string): Promise<string | undefined> {
    // An id is a file name in a project folder, never a path: "../x" would read any .jsonl.
    if (!SESSION_ID.test(sessionId)) return undefined;
    let claudeDir: string;
    if (host) {
      const hosts = this.hostLibraries;
      if (!hosts) throw new Error(`this Tether does not read the sessions of other machines`);
      await hosts.sync(host);
      claudeDir = (await hosts.mirror(host)).claudeDir;
    } else claudeDir = await this.claudeDir();
    const projects = join(claudeDir, 'projects');
    const folders = await readdir(projects).catch(() => [] as string[]);
    return folders
      .map((folder) => join(projects, folder, `${sessionId}.jsonl`))
      .find((candidate) => existsSync(candidate));
  }

  async dispose(): Promise<void> {
    this.closed = true;
    clearTimeout(this.warmTimer);
    const library = await this.opening?.catch(() => null);
    await Promise.all([library?.dispose(), this.hostLibraries?.dispose()]);
  }

  private async find(sessionId: string, host?: string): Promise<SessionSummary> {
    const session = (await this.library(host))
      .list()
      .find((entry) => entry.sessionId === sessionId);
    if (!session)
      throw new Error(`no session ${sessionId} in the library (it may have been deleted)`);
    return onHost(session, host);
  }

  private async claudeDir(): Promise<string> {
    const env = await this.options.environment;
    return claudeConfigDir(
      env,
      this.options.platform ?? process.platform,
      this.options.home ?? homedir(),
    );
  }

  /** This computer's library, or `host`'s. */
  private library(host?: string): Promise<SessionLibrary> {
    if (this.closed) return Promise.reject(new Error('the session library is closed'));
    if (host) {
      if (!this.hostLibraries)
        return Promise.reject(
          new Error('this Tether does not read the sessions of other machines'),
        );
      return this.hostLibraries.library(host);
    }
    this.opening ??= this.claudeDir().then((claudeDir) => {
      const library = new SessionLibrary({
        claudeDir,
        indexDir: this.options.indexDir,
        log: this.options.log,
      });
      library.onChange(() => this.broadcast({ name: 'libraryChanged', payload: {} }));
      library.onProgress((progress) => this.reportProgress(progress));
      // In the background: what was indexed before lists at once.
      void library.start();
      return library;
    });
    return this.opening;
  }

  private reportProgress(progress: LibraryProgress): void {
    this.progress = progress.done ? null : progress;
    const now = Date.now();
    if (!progress.done && now - this.lastProgressAt < PROGRESS_EVERY_MS) return;
    this.lastProgressAt = now;
    this.broadcast({ name: 'libraryProgress', payload: progress });
  }
}

/** A session of `host`'s says so; this computer's say nothing. */
function onHost(session: SessionSummary, host: string | undefined): SessionSummary {
  return host ? { ...session, host } : session;
}
