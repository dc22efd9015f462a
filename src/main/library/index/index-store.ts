import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Database } from 'node-sqlite3-wasm';
import type { SessionDigest } from './session-digest';
import { errorMessage } from '../../../shared/error-message';

/**
 * The library's index on disk: one SQLite file (SQLite compiled to WebAssembly, so the same file
 * opens in Electron and in Node 20 with no native build), holding each session's metadata and a
 * full-text index of its words. The index keeps no copy of the text (a contentless FTS5 table):
 * each indexed run of lines points back into its transcript, which a hit re-reads for its snippet.
 *
 * Everything here can be rebuilt from `~/.claude/projects`, so durability is traded for speed
 * (`synchronous = OFF`), and a file that is unreadable or from another schema is started afresh.
 */
// 5: digests keep each session's tokens and cost (an index from before has none, so it is rebuilt).
const SCHEMA_VERSION = 5;

/** The index file in the index folder: its presence says the library was opened before. */
export const INDEX_FILE = 'sessions.sqlite';

export interface StoredSession {
  rowid: number;
  path: string;
  sessionId: string;
  folder: string;
  size: number;
  mtimeMs: number;
  /** Bytes read so far: just past the last complete line. */
  parsed: number;
  corruptLines: number;
  oversizedLines: number;
}

export interface SessionRow {
  sessionId: string;
  path: string;
  folder: string;
  project: string;
  title: string;
  firstAt: number | null;
  lastAt: number | null;
  messages: number;
  model: string | null;
  gitBranch: string | null;
  entrypoint: string | null;
  version: string | null;
  size: number;
  mtimeMs: number;
}

export interface RowFilter {
  project?: string;
  since?: number;
  until?: number;
}

export interface ChunkHit {
  rowid: number;
  path: string;
  /** The indexed run of lines, as byte offsets in the transcript. */
  start: number;
  end: number;
}

export interface Problem {
  path: string;
  kind: 'unreadable' | 'corrupt' | 'oversized';
  detail: string;
}

const SCHEMA = `
  create table sessions(
    rowid integer primary key,
    path text not null unique,
    session_id text not null,
    folder text not null,
    project text not null,
    title text not null,
    first_at integer,
    last_at integer,
    messages integer not null,
    model text,
    git_branch text,
    entrypoint text,
    version text,
    size integer not null,
    mtime_ms integer not null,
    parsed integer not null,
    corrupt_lines integer not null,
    oversized_lines integer not null
  );
  create table digests(session integer primary key, digest text not null);
  create index sessions_by_time on sessions(last_at desc);
  create table chunks(id integer primary key, session integer not null, start integer not null, end integer not null);
  create index chunks_by_session on chunks(session);
  -- prefix = '3': a three-letter prefix (what a search as you type starts with) would otherwise
  -- merge the postings of every word it starts, most of the index for a common one; its own list
  -- makes it one read, for about half again the index's size.
  create virtual table words using fts5(
    body, content = '', contentless_delete = 1, prefix = '3', tokenize = 'unicode61 remove_diacritics 2'
  );
  create table unreadable(path text primary key, detail text not null);
  create table meta(generation integer not null);
  insert into meta values (0);
  insert into words(words, rank) values ('automerge', 0);
  insert into words(words, rank) values ('crisismerge', 64);
`;

const ROW_OBJECT = `json_object('sessionId', session_id, 'path', path, 'folder', folder,
  'project', project, 'title', title, 'firstAt', first_at, 'lastAt', last_at,
  'messages', messages, 'model', model, 'gitBranch', git_branch, 'entrypoint', entrypoint,
  'version', version, 'size', size, 'mtimeMs', mtime_ms)`;

function whereOf(
  filter: RowFilter,
  alias: string,
): { sql: string; values: Record<string, number | string> } {
  const clauses: string[] = [];
  const values: Record<string, number | string> = {};
  if (filter.project !== undefined) {
    clauses.push(`${alias}.project = :project`);
    values[':project'] = filter.project;
  }
  if (filter.since !== undefined) {
    clauses.push(`${alias}.last_at >= :since`);
    values[':since'] = filter.since;
  }
  if (filter.until !== undefined) {
    clauses.push(`${alias}.last_at <= :until`);
    values[':until'] = filter.until;
  }
  return { sql: clauses.map((c) => ` and ${c}`).join(''), values };
}

/** No transaction here holds the lock for anywhere near this long: batches take milliseconds. */
const STALE_LOCK_MS = 10_000;

/**
 * The WebAssembly build locks a database by creating `<file>.lock` (a folder) for each
 * transaction and removing it after; a process killed mid-transaction leaves it behind, and every
 * later open would find the database busy for good.
 */
function removeStaleLock(file: string): void {
  const lock = `${file}.lock`;
  try {
    if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) rmSync(lock, { recursive: true });
  } catch {
    // No lock: the usual case.
  }
}

export class IndexStore {
  private constructor(private readonly db: Database) {}

  /**
   * Opens (or creates) the index in `dir`; one from another schema or damaged is rebuilt. Where no
   * file can be written (a read-only data folder), the index lives in memory for this run.
   */
  static open(dir: string, log: (message: string) => void): IndexStore {
    const file = join(dir, INDEX_FILE);
    try {
      mkdirSync(dir, { recursive: true });
      removeStaleLock(file);
      return IndexStore.openFile(file);
    } catch (error) {
      log(`session library: rebuilding the index (${errorMessage(error)})`);
    }
    try {
      rmSync(file, { force: true });
      rmSync(`${file}-journal`, { force: true });
      return IndexStore.openFile(file);
    } catch (error) {
      log(
        `session library: index kept in memory: ${file} cannot be written (${errorMessage(error)})`,
      );
      return IndexStore.openFile(':memory:');
    }
  }

  private static openFile(file: string): IndexStore {
    const db = new Database(file);
    try {
      db.exec(
        'pragma journal_mode = truncate; pragma synchronous = off; pragma cache_size = -16000',
      );
      const version = Number(db.get('pragma user_version')?.['user_version'] ?? 0);
      if (version !== SCHEMA_VERSION) {
        const tables = db.all("select name from sqlite_master where type in ('table', 'view')");
        if (tables.length > 0)
          throw new Error(`index schema ${version}, expected ${SCHEMA_VERSION}`);
        db.exec(`begin; ${SCHEMA}; pragma user_version = ${SCHEMA_VERSION}; commit`);
      }
      return new IndexStore(db);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  dispose(): void {
    if (this.db.isOpen) this.db.close();
  }

  transaction<T>(work: () => T): T {
    this.db.exec('begin');
    try {
      const result = work();
      this.db.exec('commit');
      return result;
    } catch (error) {
      this.db.exec('rollback');
      throw error;
    }
  }

  /** What is known of every indexed file, for comparing with what is on disk. */
  stored(): Map<string, StoredSession> {
    const row = this.db.get(
      `select json_group_array(json_object('rowid', rowid, 'path', path, 'sessionId', session_id,
        'folder', folder, 'size', size, 'mtimeMs', mtime_ms, 'parsed', parsed,
        'corruptLines', corrupt_lines, 'oversizedLines', oversized_lines)) as rows from sessions`,
    );
    const rows = JSON.parse(row!['rows'] as string) as StoredSession[];
    return new Map(rows.map((r) => [r.path, r]));
  }

  /** A new session's row, so its chunks have a session to point at. */
  insertSession(path: string, sessionId: string, folder: string): number {
    const result = this.db.run(
      `insert into sessions(path, session_id, folder, project, title, messages, size, mtime_ms,
        parsed, corrupt_lines, oversized_lines)
       values (?, ?, ?, '', '', 0, 0, 0, 0, 0, 0)`,
      [path, sessionId, folder],
    );
    return Number(result.lastInsertRowid);
  }

  /** The fold so far of a session's entries, to go on with when it grows. */
  digest(rowid: number): SessionDigest | undefined {
    const row = this.db.get('select digest from digests where session = ?', [rowid]);
    return row ? (JSON.parse(row['digest'] as string) as SessionDigest) : undefined;
  }

  updateSession(
    stored: StoredSession,
    d: SessionDigest,
    summary: { project: string; title: string },
  ): SessionRow {
    this.bump();
    this.db.run('insert or replace into digests(session, digest) values (?, ?)', [
      stored.rowid,
      JSON.stringify(d),
    ]);
    this.db.run(
      `update sessions set project = :project, title = :title, first_at = :firstAt,
        last_at = :lastAt, messages = :messages, model = :model, git_branch = :gitBranch,
        entrypoint = :entrypoint, version = :version, size = :size, mtime_ms = :mtimeMs,
        parsed = :parsed, corrupt_lines = :corrupt, oversized_lines = :oversized
       where rowid = :rowid`,
      {
        ':rowid': stored.rowid,
        ':project': summary.project,
        ':title': summary.title,
        ':firstAt': d.firstAt ?? null,
        ':lastAt': d.lastAt ?? null,
        ':messages': d.messages,
        ':model': d.model ?? null,
        ':gitBranch': d.gitBranch ?? null,
        ':entrypoint': d.entrypoint ?? null,
        ':version': d.version ?? null,
        ':size': stored.size,
        ':mtimeMs': stored.mtimeMs,
        ':parsed': stored.parsed,
        ':corrupt': stored.corruptLines,
        ':oversized': stored.oversizedLines,
      },
    );
    return {
      sessionId: stored.sessionId,
      path: stored.path,
      folder: stored.folder,
      project: summary.project,
      title: summary.title,
      firstAt: d.firstAt ?? null,
      lastAt: d.lastAt ?? null,
      messages: d.messages,
      model: d.model ?? null,
      gitBranch: d.gitBranch ?? null,
      entrypoint: d.entrypoint ?? null,
      version: d.version ?? null,
      size: stored.size,
      mtimeMs: stored.mtimeMs,
    };
  }

  /**
   * A bounded step of merging the full-text index's segments. FTS5's own merging happens inside
   * the write that fills a level, and grows with the index (a stall of the host, late in a big
   * build); steps after each batch keep every write short and the segments few, so queries stay
   * fast.
   */
  mergeSome(): void {
    this.db.run("insert into words(words, rank) values ('merge', 200)");
  }

  addChunk(session: number, start: number, end: number, text: string): void {
    const { lastInsertRowid } = this.db.run(
      'insert into chunks(session, start, end) values (?, ?, ?)',
      [session, start, end],
    );
    this.db.run('insert into words(rowid, body) values (?, ?)', [lastInsertRowid, text]);
  }

  /** Forgets a session's words (all of them, or all from a re-read) and, unless kept, the session. */
  removeSession(rowid: number, keepRow = false): void {
    this.db.run('delete from words where rowid in (select id from chunks where session = ?)', [
      rowid,
    ]);
    this.db.run('delete from chunks where session = ?', [rowid]);
    if (keepRow) return;
    this.bump();
    this.db.run('delete from digests where session = ?', [rowid]);
    this.db.run('delete from sessions where rowid = ?', [rowid]);
  }

  /** Every listed session (one read, at open when the listing snapshot is stale). */
  sessions(): SessionRow[] {
    const row = this.db.get(
      `select json_group_array(${ROW_OBJECT}) as rows from sessions where project != ''`,
    );
    return JSON.parse(row!['rows'] as string) as SessionRow[];
  }

  /** Each listed session's project with its spending (the digest's `usage`, as JSON), if any. */
  usage(): { project: string; usage: string }[] {
    return this.db.all(
      `select s.project as project, json_extract(d.digest, '$.usage') as usage
       from sessions s join digests d on d.session = s.rowid
       where s.project != '' and json_extract(d.digest, '$.usage') is not null`,
    ) as unknown as { project: string; usage: string }[];
  }

  /** Counts every change to the listed sessions, so a snapshot of them can tell it is current. */
  generation(): number {
    return Number(this.db.get('select generation from meta')!['generation']);
  }

  private bump(): void {
    this.db.run('update meta set generation = generation + 1');
  }

  /**
   * Indexed runs of lines matching an FTS5 query, best first. Scoring (bm25) costs a call per
   * matching row, so only the `candidates` newest matches are scored: a rare word is ranked over
   * all its matches, a word in half the index over its most recent ones, in bounded time. Only the
   * `limit` best are looked up in the other tables (the candidates too when a filter needs them).
   */
  match(query: string, filter: RowFilter, limit: number, candidates: number): ChunkHit[] {
    const where = whereOf(filter, 's');
    const filterJoin = where.sql
      ? ' join chunks c on c.id = words.rowid join sessions s on s.rowid = c.session'
      : '';
    return this.db.all(
      `select c.session as rowid, s.path as path, c.start as start, c.end as end from (
         select id, score from (
           select words.rowid as id, bm25(words) as score from words${filterJoin}
           where words match :query${where.sql}
           order by words.rowid desc limit :candidates
         ) order by score limit :limit
       ) best join chunks c on c.id = best.id join sessions s on s.rowid = c.session
       order by best.score`,
      { ...where.values, ':query': query, ':limit': limit, ':candidates': candidates },
    ) as unknown as ChunkHit[];
  }

  setUnreadable(path: string, detail: string): void {
    this.db.run('insert or replace into unreadable(path, detail) values (?, ?)', [path, detail]);
  }

  unreadablePaths(): string[] {
    return this.db.all('select path from unreadable').map((r) => r['path'] as string);
  }

  clearUnreadable(path: string): void {
    this.db.run('delete from unreadable where path = ?', [path]);
  }

  problems(): Problem[] {
    const unreadable = this.db.all('select path, detail from unreadable order by path');
    const damaged = this.db.all(
      `select path, corrupt_lines, oversized_lines from sessions
       where corrupt_lines > 0 or oversized_lines > 0 order by path`,
    );
    const problems: Problem[] = unreadable.map((r) => ({
      path: r['path'] as string,
      kind: 'unreadable',
      detail: r['detail'] as string,
    }));
    for (const r of damaged) {
      const corrupt = Number(r['corrupt_lines']);
      const oversized = Number(r['oversized_lines']);
      if (corrupt > 0)
        problems.push({
          path: r['path'] as string,
          kind: 'corrupt',
          detail: `${corrupt} unreadable line${corrupt === 1 ? '' : 's'} skipped`,
        });
      if (oversized > 0)
        problems.push({
          path: r['path'] as string,
          kind: 'oversized',
          detail: `${oversized} line${oversized === 1 ? '' : 's'} too long to index skipped`,
        });
    }
    return problems;
  }
}
