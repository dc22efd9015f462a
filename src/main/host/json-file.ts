import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { z } from 'zod';
import { errorMessage } from '../../shared/error-message';
import { describeIssues } from '../../shared/contract/host';

/**
 * A JSON document on disk checked against a schema. A file that fails to parse is moved aside
 * (never overwritten), so a bad edit or a newer format loses nothing. Writes never tear the file:
 * each goes to a temp file of its own, reaches the disk, and replaces the document by rename; writes
 * to one file run one at a time, in order, so the last one asked for is the one that stays; a
 * write that fails leaves the previous document in place.
 */
export class JsonFile<T> {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly path: string,
    private readonly schema: z.ZodType<T>,
    private readonly log: (message: string) => void = console.warn,
  ) {}

  async read(): Promise<T | null> {
    if (!existsSync(this.path)) return null;
    let problem: string;
    try {
      const parsed = this.schema.safeParse(JSON.parse(await readFile(this.path, 'utf8')));
      if (parsed.success) return parsed.data;
      problem = describeIssues(parsed.error);
    } catch (error) {
      problem = errorMessage(error);
    }
    const aside = `${this.path}.unreadable-${Date.now()}`;
    await rename(this.path, aside).catch(() => undefined);
    this.log(`tether: ${this.path} could not be read (${problem}); kept it as ${aside}`);
    return null;
  }

  async write(value: T): Promise<void> {
    // Serialized before queueing, so a value that cannot be written fails its own caller now.
    const text = `${JSON.stringify(value, null, 2)}\n`;
    const written = this.queue.then(() => replaceFile(this.path, text));
    this.queue = written.catch(() => undefined);
    return written;
  }
}

/**
 * Replaces the file at `path` with `text` without ever tearing it: the text goes to a temp file of
 * its own beside it, reaches the disk, and takes the file's place by rename. A write that fails
 * leaves the file as it was.
 */
export async function replaceFile(path: string, text: string, mode = 0o600): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const file = await open(temporary, 'w', mode);
    try {
      await file.writeFile(text);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
