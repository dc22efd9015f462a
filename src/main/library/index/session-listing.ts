import { readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RowFilter, SessionRow } from './index-store';
import { errorMessage } from '../../../shared/error-message';

export interface ProjectSummary {
  project: string;
  sessions: number;
  lastAt: number | null;
}

interface Snapshot {
  generation: number;
  rows: SessionRow[];
}

const newest = (row: SessionRow) => row.lastAt ?? row.mtimeMs;

/**
 * The listed sessions, held in memory: `list()` answers from here in a few milliseconds however
 * often the page asks. Saved as a JSON snapshot beside the index, so the library opens without
 * reading every row back through WebAssembly SQLite (most of the open time at 10,000 sessions);
 * the snapshot names the index generation it matches and is ignored when the index moved on.
 */
export class SessionListing {
  private readonly rows = new Map<string, SessionRow>();
  private readonly file: string;
  private saving: Promise<void> = Promise.resolve();
  private saveTimer: NodeJS.Timeout | undefined;
  private dirty = false;
  private warned = false;

  constructor(
    indexDir: string,
    generation: number,
    readAll: () => SessionRow[],
    private readonly currentGeneration: () => number,
    private readonly log: (message: string) => void,
  ) {
    this.file = join(indexDir, 'sessions.json');
    const snapshot = this.readSnapshot();
    const rows = snapshot?.generation === generation ? snapshot.rows : readAll();
    for (const row of rows) this.rows.set(row.path, row);
    if (snapshot?.generation !== generation) this.changed();
  }

  private readSnapshot(): Snapshot | undefined {
    try {
      const snapshot = JSON.parse(readFileSync(this.file, 'utf8')) as Snapshot;
      return Array.isArray(snapshot.rows) && typeof snapshot.generation === 'number'
        ? snapshot
        : undefined;
    } catch {
      return undefined; // None yet, or damaged: the index has the rows.
    }
  }

  set(row: SessionRow): void {
    this.rows.set(row.path, row);
    this.changed();
  }

  delete(path: string): void {
    if (this.rows.delete(path)) this.changed();
  }

  get(path: string): SessionRow | undefined {
    return this.rows.get(path);
  }

  /** Newest first. */
  list(filter: RowFilter): SessionRow[] {
    const { project, since, until } = filter;
    const rows: SessionRow[] = [];
    for (const row of this.rows.values()) {
      if (project !== undefined && row.project !== project) continue;
      if (since !== undefined && (row.lastAt === null || row.lastAt < since)) continue;
      if (until !== undefined && (row.lastAt === null || row.lastAt > until)) continue;
      rows.push(row);
    }
    return rows.sort((a, b) => newest(b) - newest(a));
  }

  /** Each project folder with its number of sessions, the most recently active first. */
  projects(): ProjectSummary[] {
    const projects = new Map<string, ProjectSummary>();
    for (const row of this.rows.values()) {
      const project = projects.get(row.project) ?? {
        project: row.project,
        sessions: 0,
        lastAt: null,
      };
      project.sessions++;
      if (row.lastAt !== null && (project.lastAt === null || row.lastAt > project.lastAt))
        project.lastAt = row.lastAt;
      projects.set(row.project, project);
    }
    return [...projects.values()].sort((a, b) => (b.lastAt ?? 0) - (a.lastAt ?? 0));
  }

  /** Saves soon: a session being written changes its row every few hundred milliseconds. */
  private changed(): void {
    this.dirty = true;
    this.saveTimer ??= setTimeout(() => {
      this.saveTimer = undefined;
      void this.save();
    }, 2_000).unref();
  }

  /** Writes the snapshot now if anything changed (and waits for a write under way). */
  save(): Promise<void> {
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    if (!this.dirty) return this.saving;
    this.dirty = false;
    const snapshot: Snapshot = {
      generation: this.currentGeneration(),
      rows: [...this.rows.values()],
    };
    const temp = `${this.file}.${process.pid}.tmp`;
    this.saving = this.saving
      .then(() => writeFile(temp, JSON.stringify(snapshot)))
      .then(() => rename(temp, this.file))
      .catch((error: unknown) => {
        if (!this.warned)
          this.log(`session library: cannot save ${this.file}: ${errorMessage(error)}`);
        this.warned = true;
      });
    return this.saving;
  }
}
