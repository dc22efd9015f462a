import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { z } from 'zod';
import { describeIssues } from '../../shared/host-contract';

/**
 * A JSON document on disk checked against a schema. A file that fails to parse is moved aside
 * (never overwritten), so a bad edit or a newer format loses nothing; writes replace the file
 * atomically so a crash mid-write cannot leave half a document.
 */
export class JsonFile<T> {
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
      problem = (error as Error).message;
    }
    const aside = `${this.path}.unreadable-${Date.now()}`;
    await rename(this.path, aside).catch(() => undefined);
    this.log(`tether: ${this.path} could not be read (${problem}); kept it as ${aside}`);
    return null;
  }

  async write(value: T): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true });
    const temporary = `${this.path}.${process.pid}.tmp`;
    await writeFile(temporary, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
    await rename(temporary, this.path);
  }
}
