import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import {
  IndexStore,
  type ChunkHit,
  type Problem,
  type RowFilter,
  type SessionRow,
  type StoredSession,
} from './index-store';
import { errorMessage } from '../../../shared/error-message';
import { Listeners } from '../../../shared/listeners';
import { UUID } from '../../../shared/contract/ids';
import type { SessionSummary } from '../../../shared/library';
import { readLines, type Line } from './line-reader';
import { openRegularFile } from '../regular-file';
import { isProcessAlive, liveSessionIds } from './live-sessions';
import { ProjectsWatcher } from './projects-watcher';
import { SessionListing, type ProjectSummary } from './session-listing';
import { ftsQuery, queryTerms } from './query-terms';
import {
  emptyDigest,
  foldEntry,
  searchableText,
  titleOf,
  type SessionDigest,
} from './session-digest';
import { snippetOf, type Snippet } from './snippet';
import type { UsageTable } from '../../../shared/contract/usage';
import { usageTable } from './usage-table';

export interface SessionLibraryOptions {
  /** The CLI's folder (`claudeConfigDir`): read, never written. */
  claudeDir: string;
  /** Where the index lives: the app's own data folder. */
  indexDir: string;
  log: (message: string) => void;
  /** Follow changes under `projects/` (default true). */
  watch?: boolean;
  debounceMs?: number;
  now?: () => number;
  isProcessAlive?: (pid: number) => boolean;
}

export interface SearchHit {
  session: SessionSummary;
  snippet: Snippet;
}

export interface LibraryProblems {
  /** `~/.claude/projects` is not there: no session was ever written (or CLAUDE_CONFIG_DIR moved it). */
  missing: boolean;
  unreadable: number;
  corrupt: number;
  oversized: number;
  files: Problem[];
}

export interface ScanProgress {
  filesDone: number;
  filesTotal: number;
  bytesDone: number;
  bytesTotal: number;
  /** Bytes read from transcripts this scan: a grown file counts only what it grew by. */
  bytesRead: number;
  done: boolean;
}

/** A session written to this recently is taken for live, pid file or not (another machine's CLI on a shared home, an older CLI). */
const LIVE_MS = 10_000;
/** Text gathered into one indexed run of lines: a hit's snippet re-reads this much of its file. */
const CHUNK_TEXT = 4 * 1024;
/** Work done between two yields to the event loop, so the host stays responsive during a build. */
const SLICE_MS = 12;
/** Best runs of lines taken for a search: enough to fill the results with distinct sessions. */
const MATCH_LIMIT = 400;
/** Matching runs scored for a search, newest first: bounds a common word's cost. */
const CANDIDATES = 1000;

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

interface DiskFile {
  path: string;
  folder: string;
  sessionId: string;
  size: number;
  mtimeMs: number;
}

/**
 * Every Claude Code session on the machine, found under `<claudeDir>/projects`, indexed for listing
 * and full-text search, and kept current as sessions are written. Reads `~/.claude` only.
 */
export class SessionLibrary {
  private readonly store: IndexStore;
  private readonly listing: SessionListing;
  private readonly watcher: ProjectsWatcher | undefined;
  private readonly changes = new Listeners<void>();
  private readonly progressReports = new Listeners<ScanProgress>();
  /** The list changed: a scan changed the index, or a session stopped counting as live. */
  readonly onChange = this.changes.subscribe;
  readonly onProgress = this.progressReports.subscribe;
  private readonly now: () => number;
  private readonly alive: (pid: number) => boolean;
  private live = new Set<string>();
  private liveExpiry: NodeJS.Timeout | undefined;
  private missing = false;
  private scanning: Promise<void> | undefined;
  private rescanWanted = false;
  private closed = false;

  constructor(private readonly options: SessionLibraryOptions) {
    this.store = IndexStore.open(options.indexDir, options.log);
    this.listing = new SessionListing(
      options.indexDir,
      this.store.generation(),
      () => this.store.sessions(),
      () => this.store.generation(),
      options.log,
    );
    this.now = options.now ?? Date.now;
    this.alive = options.isProcessAlive ?? isProcessAlive;
    if (options.watch !== false)
      this.watcher = new ProjectsWatcher(
        options.claudeDir,
        () => void this.rescan(),
        options.debounceMs ?? 300,
      );
  }

  /** Brings the index up to date in the background; what was indexed before lists at once. */
  start(): Promise<void> {
    return this.rescan();
  }

  /** Scans again (one scan at a time: a call during a scan runs one more after it). */
  rescan(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.scanning) {
      this.rescanWanted = true;
      return this.scanning;
    }
    this.scanning = (async () => {
      do {
        this.rescanWanted = false;
        try {
          await this.scan();
        } catch (error) {
          if (!this.closed)
            this.options.log(`session library: scan failed: ${errorMessage(error)}`);
        }
      } while (this.rescanWanted && !this.closed);
      this.scanning = undefined;
    })();
    return this.scanning;
  }

  /** Sessions newest first (group by `project` in this order for the grouped view). */
  list(filter: RowFilter = {}): SessionSummary[] {
    const now = this.now();
    return this.listing.list(filter).map((row) => this.summary(row, now));
  }

  projects(): ProjectSummary[] {
    return this.listing.projects();
  }

  /** Sessions whose prompts, replies, tool inputs or outputs hold every word of `query`, best first. */
  async search(query: string, filter: RowFilter & { limit?: number } = {}): Promise<SearchHit[]> {
    const terms = queryTerms(query);
    if (terms.length === 0) return [];
    const limit = filter.limit ?? 50;
    const best = new Map<number, ChunkHit>();
    const take = (hits: ChunkHit[]) => {
      for (const hit of hits) {
        if (best.size >= limit) return;
        if (!best.has(hit.rowid)) best.set(hit.rowid, hit);
      }
    };
    // Whole words first, then the last one as a prefix for what they left room for: a prefix
    // merges the postings of every word it starts, costly for a common one, and a complete common
    // word fills the results by itself.
    take(this.store.match(ftsQuery(terms, false), filter, MATCH_LIMIT, CANDIDATES));
    if (best.size < limit)
      take(this.store.match(ftsQuery(terms, true), filter, MATCH_LIMIT, CANDIDATES));
    return Promise.all(
      [...best.values()].flatMap((chunk) => {
        const row = this.listing.get(chunk.path);
        if (!row) return [];
        return this.chunkText(chunk.path, chunk.start, chunk.end).then((text) => ({
          session: this.summary(row),
          snippet: snippetOf(text, terms),
        }));
      }),
    );
  }

  /** Resolves when the scan under way (if any) has ended. */
  async settled(): Promise<void> {
    await this.scanning;
  }

  /** Tokens and cost by day and by project over every indexed session (the "Usage" dialog). */
  usage(): UsageTable {
    return usageTable(
      this.store.usage().map((row) => ({ project: row.project, usage: JSON.parse(row.usage) })),
    );
  }

  problems(): LibraryProblems {
    const files = this.store.problems();
    const count = (kind: Problem['kind']) => files.filter((p) => p.kind === kind).length;
    return {
      missing: this.missing,
      unreadable: count('unreadable'),
      corrupt: count('corrupt'),
      oversized: count('oversized'),
      files,
    };
  }

  async dispose(): Promise<void> {
    this.closed = true;
    this.watcher?.dispose();
    clearTimeout(this.liveExpiry);
    await this.scanning;
    await this.listing.save();
    this.store.dispose();
  }

  private summary(row: SessionRow, now = this.now()): SessionSummary {
    const age = now - row.mtimeMs;
    return {
      sessionId: row.sessionId,
      path: row.path,
      project: row.project,
      title: row.title,
      firstAt: row.firstAt,
      lastAt: row.lastAt,
      messages: row.messages,
      model: row.model,
      gitBranch: row.gitBranch,
      entrypoint: row.entrypoint,
      version: row.version,
      live: this.live.has(row.sessionId) || (age >= 0 && age < LIVE_MS),
    };
  }

  /** The searchable text of a run of lines, re-read from its transcript. */
  private async chunkText(path: string, start: number, end: number): Promise<string> {
    let bytes: Buffer;
    try {
      const { file } = await openRegularFile(path);
      try {
        bytes = Buffer.alloc(end - start);
        await file.read(bytes, 0, bytes.length, start);
      } finally {
        await file.close();
      }
    } catch {
      return ''; // Deleted or unreadable since it was indexed: the next scan drops or reports it.
    }
    return bytes.toString('utf8').split('\n').map(textOfLine).filter(Boolean).join('\n');
  }

  private async scan(): Promise<void> {
    const projectsDir = join(this.options.claudeDir, 'projects');
    const disk = await this.listDisk(projectsDir);
    this.live = await liveSessionIds(this.options.claudeDir, this.alive);
    if (this.closed) return;
    this.watcher?.sync(disk && [...new Set(disk.files.map((f) => f.folder))]);
    const stored = this.store.stored();
    const seen = new Set(disk?.files.map((f) => f.path));
    const gone = [...stored.values()].filter((session) => !seen.has(session.path));
    let changed = gone.length > 0;
    // In slices too: forgetting a whole deleted folder's words is as much work as indexing them.
    for (let at = 0; at < gone.length; at += 50) {
      if (this.closed) return;
      this.store.transaction(() => {
        for (const session of gone.slice(at, at + 50)) this.store.removeSession(session.rowid);
      });
      for (const session of gone.slice(at, at + 50)) this.listing.delete(session.path);
      await yieldToLoop();
    }
    const wasUnreadable = this.store.unreadablePaths();
    for (const path of wasUnreadable)
      if (!seen.has(path) && !disk?.unreadable.has(path)) {
        this.store.clearUnreadable(path);
        changed = true;
      }
    for (const [path, detail] of disk?.unreadable ?? []) {
      if (!wasUnreadable.includes(path)) changed = true;
      this.store.setUnreadable(path, detail);
    }

    const todo = (disk?.files ?? []).filter((f) => {
      const s = stored.get(f.path);
      return !s || s.size !== f.size || s.mtimeMs !== f.mtimeMs;
    });
    const progress: ScanProgress = {
      filesDone: 0,
      filesTotal: todo.length,
      bytesDone: 0,
      bytesTotal: todo.reduce((sum, f) => sum + f.size, 0),
      bytesRead: 0,
      done: false,
    };
    this.report(progress);
    let lastReport = performance.now();
    for (const file of todo) {
      if (this.closed) return;
      const read = await this.indexFile(file, stored.get(file.path));
      changed ||= read !== undefined;
      progress.filesDone++;
      progress.bytesDone += file.size;
      progress.bytesRead += read ?? 0;
      if (performance.now() - lastReport > 100 || progress.filesDone === 1) {
        this.report(progress);
        lastReport = performance.now();
      }
    }
    progress.done = true;
    this.report(progress);
    if (changed || todo.length > 0) this.changes.fire();
    this.expireLiveLater(disk?.files ?? []);
  }

  /** A session marked live for being just written stops being so without any file event. */
  private expireLiveLater(files: readonly DiskFile[]): void {
    clearTimeout(this.liveExpiry);
    const newest = files.reduce((latest, f) => Math.max(latest, f.mtimeMs), 0);
    const wait = newest + LIVE_MS - this.now();
    if (wait > 0 && wait <= LIVE_MS && !this.closed)
      this.liveExpiry = setTimeout(() => this.changes.fire(), wait + 50).unref();
  }

  private report(progress: ScanProgress): void {
    this.progressReports.fire({ ...progress });
  }

  /** The transcripts on disk; undefined when `projects/` is missing. */
  private async listDisk(
    projectsDir: string,
  ): Promise<{ files: DiskFile[]; unreadable: Map<string, string> } | undefined> {
    let folders;
    try {
      folders = await readdir(projectsDir, { withFileTypes: true });
      this.missing = false;
    } catch (error) {
      this.missing = true;
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        this.options.log(`session library: cannot read ${projectsDir}: ${errorMessage(error)}`);
      return undefined;
    }
    const files: DiskFile[] = [];
    const unreadable = new Map<string, string>();
    for (const folder of folders) {
      if (!folder.isDirectory()) continue;
      const dir = join(projectsDir, folder.name);
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (error) {
        unreadable.set(dir, describe(error));
        continue;
      }
      // Stat in parallel: one at a time, 10,000 files take a round trip to the thread pool each.
      const found = await Promise.all(
        names
          // The CLI names each file by its session's UUID. Any other name is no session of the
          // CLI's, and its id would go to the CLI on resume (`--debug-file=x.jsonl`).
          .filter((name) => name.endsWith('.jsonl') && UUID.test(basename(name, '.jsonl')))
          .map(async (name): Promise<DiskFile | undefined> => {
            const path = join(dir, name);
            try {
              const info = await stat(path);
              if (!info.isFile()) return undefined;
              return {
                path,
                folder: folder.name,
                sessionId: basename(name, '.jsonl'),
                size: info.size,
                mtimeMs: Math.trunc(info.mtimeMs),
              };
            } catch {
              return undefined; // Gone between readdir and stat: it is simply not there.
            }
          }),
      );
      for (const file of found) if (file) files.push(file);
    }
    return { files, unreadable };
  }

  /**
   * Reads a new or changed transcript from where it was left (from the start when it shrank: it
   * was rewritten). Returns the bytes read, or undefined when it could not be read.
   */
  private async indexFile(
    file: DiskFile,
    known: StoredSession | undefined,
  ): Promise<number | undefined> {
    const fresh = !known || file.size < known.parsed;
    const session: StoredSession =
      !known || fresh
        ? {
            rowid: known?.rowid ?? this.store.insertSession(file.path, file.sessionId, file.folder),
            path: file.path,
            sessionId: file.sessionId,
            folder: file.folder,
            size: 0,
            mtimeMs: 0,
            parsed: 0,
            corruptLines: 0,
            oversizedLines: 0,
          }
        : known;
    if (known && fresh) this.store.removeSession(known.rowid, true);
    const digest = (!fresh && this.store.digest(session.rowid)) || emptyDigest();
    const save = () =>
      this.store.updateSession(session, digest, {
        project: digest.cwd ?? decodeFolder(file.folder),
        title: titleOf(digest),
      });
    let sliceStart = performance.now();
    let result;
    try {
      result = await readLines(file.path, session.parsed, async (lines) => {
        if (this.closed) throw new Closed();
        // Each batch commits its words with the offset they reach, so a build stopped anywhere
        // (closed, crashed) goes on from there next time without indexing a line twice.
        const row = this.store.transaction(() => {
          this.indexLines(session, digest, lines);
          session.parsed = lines[lines.length - 1]!.end;
          this.store.mergeSome();
          return save();
        });
        this.listing.set(row);
        if (performance.now() - sliceStart > SLICE_MS) {
          await yieldToLoop();
          sliceStart = performance.now();
        }
      });
    } catch (error) {
      if (error instanceof Closed) return undefined;
      this.store.setUnreadable(file.path, describe(error));
      if (!known) {
        this.store.removeSession(session.rowid);
        this.listing.delete(file.path);
      }
      return undefined;
    }
    this.store.clearUnreadable(file.path);
    session.parsed = result.end;
    session.oversizedLines += result.oversized;
    // Size and mtime last: until they are saved, the file still counts as changed.
    session.size = file.size;
    session.mtimeMs = file.mtimeMs;
    this.listing.set(save());
    return result.bytesRead;
  }

  private indexLines(session: StoredSession, digest: SessionDigest, lines: Line[]): void {
    let texts: string[] = [];
    let size = 0;
    let start = -1;
    let end = -1;
    const flush = () => {
      if (texts.length > 0) this.store.addChunk(session.rowid, start, end, texts.join('\n'));
      texts = [];
      size = 0;
      start = -1;
    };
    for (const line of lines) {
      let entry: unknown;
      try {
        entry = JSON.parse(line.text);
      } catch {
        session.corruptLines++;
        continue;
      }
      foldEntry(digest, entry);
      const text = searchableText(entry);
      // A run holds only lines with words, so a hit re-reads no bookkeeping entry.
      if (!text) {
        flush();
        continue;
      }
      if (start === -1) start = line.start;
      end = line.end;
      texts.push(text);
      size += text.length;
      if (size >= CHUNK_TEXT) flush();
    }
    flush();
  }
}

/** Thrown out of a read to stop it when the library closes. */
class Closed extends Error {}

function textOfLine(line: string): string {
  try {
    return searchableText(JSON.parse(line));
  } catch {
    return '';
  }
}

/**
 * The CLI names a project's folder by its path with every `/` (and `\`, `:`, `.`) turned into
 * `-`, which cannot be undone exactly; used only when no entry says the real folder.
 */
function decodeFolder(folder: string): string {
  return folder.replace(/-/g, '/');
}

function describe(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return code ?? errorMessage(error);
}
