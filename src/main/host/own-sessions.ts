import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { JsonFile } from './json-file';

/** Enough for years of blocks; the oldest go first. */
export const OWN_SESSIONS_KEPT = 10_000;

const schema = z.array(z.string().regex(/^[\w-]{1,128}$/)).max(OWN_SESSIONS_KEPT);

/**
 * The Claude sessions Tether's agent blocks ran, by id. The CLI records every one of them as a
 * headless run (it takes no client name from Tether), so the session library would list them as
 * "Claude Code (headless)" once their blocks are gone; this record lets it list them as Tether's.
 * Kept in a file of its own, written whole; one that cannot be read is set aside and started anew.
 */
export class OwnSessions {
  private readonly ids = new Set<string>();
  private readonly file: JsonFile<string[]>;
  private readonly loaded: Promise<void>;

  constructor(
    private readonly path: string,
    log?: (message: string) => void,
  ) {
    this.file = new JsonFile(path, schema, log);
    this.loaded = this.file.read().then((ids) => {
      // Ids added before the file was read stay the newest.
      const added = [...this.ids];
      this.ids.clear();
      for (const id of [...(ids ?? []), ...added]) this.ids.add(id);
    });
  }

  /** Resolves once the record on disk has been read. */
  ready(): Promise<void> {
    return this.loaded;
  }

  has(sessionId: string): boolean {
    return this.ids.has(sessionId);
  }

  /** Records a session a block ran; resolves once the record is on disk. */
  async add(sessionId: string): Promise<void> {
    if (!schema.element.safeParse(sessionId).success || this.ids.has(sessionId)) return;
    this.ids.add(sessionId);
    await this.loaded;
    const ids = [...this.ids].slice(-OWN_SESSIONS_KEPT);
    // The first block's session can start before its log has made the folder.
    await mkdir(dirname(this.path), { recursive: true });
    await this.file.write(ids);
  }
}
