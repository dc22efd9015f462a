import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { AgentEvent } from '../../shared/agent-event';
import type { EventMessage, RequestParams, RequestResult } from '../../shared/contract/host';
import type { LibraryFilter, LibraryProgress, SessionSummary } from '../../shared/library';
import { claudeConfigDir } from '../library/index/claude-dir';
import { INDEX_FILE } from '../library/index/index-store';
import { SessionLibrary } from '../library/index/session-library';
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

  constructor(
    private readonly options: LibraryServiceOptions,
    private readonly broadcast: (event: EventMessage) => void,
  ) {
    // Opening costs a few hundred milliseconds at 10,000 sessions (most of it WebAssembly SQLite
    // running for the first time): paid here, in the background, rather than when the dialog
    // opens. Without an index the user has not used the library, and nothing is started for them.
    if (options.warmAfterMs !== undefined && existsSync(join(options.indexDir, INDEX_FILE)))
      this.warmTimer = setTimeout(
        () => void this.library().catch(() => undefined),
        options.warmAfterMs,
      ).unref();
  }

  async list(filter: LibraryFilter): Promise<RequestResult<'listSessions'>> {
    const library = await this.library();
    return {
      sessions: library.list(filter),
      projects: library.projects(),
      problems: library.problems(),
      progress: this.progress,
    };
  }

  async search({
    query,
    ...filter
  }: RequestParams<'searchSessions'>): Promise<RequestResult<'searchSessions'>> {
    return { hits: await (await this.library()).search(query, filter) };
  }

  async read(sessionId: string): Promise<RequestResult<'readSession'>> {
    const session = await this.find(sessionId);
    const { events, skipped, unknown } = await readSessionFile(session.path);
    return { session, events, skipped, unknown };
  }

  async rescan(): Promise<void> {
    await (await this.library()).rescan();
  }

  async reveal(sessionId: string): Promise<RequestResult<'revealSessionFile'>> {
    const { path } = await this.find(sessionId);
    if (!this.options.revealPath) return { path, revealed: false };
    this.options.revealPath(path);
    return { path, revealed: true };
  }

  /**
   * The CLI's own transcript of a session, also before the index has reached it (a first build
   * still under way): its file is `projects/<folder>/<session-id>.jsonl` in one of the folders.
   */
  async pastTranscript(sessionId: string): Promise<AgentEvent[] | null> {
    const path = await this.sessionFile(sessionId);
    return path ? (await readSessionFile(path)).events : null;
  }

  /** The entry a fork that stops before the prompt `uuid` resumes at (null: the first prompt). */
  async forkPoint(sessionId: string, uuid: string): Promise<string | null> {
    const path = await this.sessionFile(sessionId);
    if (!path) throw new Error(`no session file for ${sessionId}`);
    return entryBefore(path, uuid);
  }

  private async sessionFile(sessionId: string): Promise<string | undefined> {
    // An id is a file name in a project folder, never a path: "../x" would read any .jsonl.
    if (!SESSION_ID.test(sessionId)) return undefined;
    const projects = join(await this.claudeDir(), 'projects');
    const folders = await readdir(projects).catch(() => [] as string[]);
    return folders
      .map((folder) => join(projects, folder, `${sessionId}.jsonl`))
      .find((candidate) => existsSync(candidate));
  }

  async dispose(): Promise<void> {
    this.closed = true;
    clearTimeout(this.warmTimer);
    const library = await this.opening?.catch(() => null);
    await library?.dispose();
  }

  private async find(sessionId: string): Promise<SessionSummary> {
    const session = (await this.library()).list().find((entry) => entry.sessionId === sessionId);
    if (!session)
      throw new Error(`no session ${sessionId} in the library (it may have been deleted)`);
    return session;
  }

  private async claudeDir(): Promise<string> {
    const env = await this.options.environment;
    return claudeConfigDir(
      env,
      this.options.platform ?? process.platform,
      this.options.home ?? homedir(),
    );
  }

  private library(): Promise<SessionLibrary> {
    if (this.closed) return Promise.reject(new Error('the session library is closed'));
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
