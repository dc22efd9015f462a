import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JsonFile } from './json-file';

const schema = z.object({ round: z.number(), padding: z.string() });
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'json-file-test-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('JsonFile', () => {
  it('keeps a whole document and the last one asked for under 200 concurrent writes', async () => {
    const path = join(dir, 'workspace.json');
    const file = new JsonFile(path, schema, () => undefined);
    // Big enough that a write takes several chunks, as a large workspace does.
    const padding = 'x'.repeat(256 * 1024);
    let settled = false;
    const writes = Promise.all(
      Array.from({ length: 200 }, (_, round) => file.write({ round, padding })),
    ).finally(() => (settled = true));
    // Read all the while the writes are under way: every read sees a whole document.
    let documents = 0;
    while (!settled) {
      const text = await readFile(path, 'utf8').catch(() => null);
      if (text === null) continue;
      expect(schema.safeParse(JSON.parse(text)).success).toBe(true);
      documents++;
    }
    expect(documents).toBeGreaterThan(20);
    await writes;
    expect(await file.read()).toEqual({ round: 199, padding });
    expect(await readdir(dir)).toEqual(['workspace.json']);
  });

  it('fails a write that cannot land, leaving nothing behind, and goes on with the next', async () => {
    const path = join(dir, 'state.json');
    const file = new JsonFile(path, schema, () => undefined);
    // A folder where the document should be: the rename that would replace it fails.
    await mkdir(join(path, 'in-the-way'), { recursive: true });
    await expect(file.write({ round: 1, padding: '' })).rejects.toThrow(/EISDIR|ENOTEMPTY|EEXIST/);
    expect(await readdir(dir)).toEqual(['state.json']);
    await rm(path, { recursive: true });
    await file.write({ round: 2, padding: '' });
    expect(await file.read()).toEqual({ round: 2, padding: '' });
  });

  it('fails a value that cannot be serialized without touching the file', async () => {
    const path = join(dir, 'state.json');
    const file = new JsonFile(path, schema, () => undefined);
    await file.write({ round: 1, padding: '' });
    const cyclic: Record<string, unknown> = { round: 2 };
    cyclic['padding'] = cyclic;
    await expect(file.write(cyclic as never)).rejects.toThrow(/circular/i);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ round: 1, padding: '' });
  });

  it('moves a torn document aside instead of overwriting it', async () => {
    const path = join(dir, 'state.json');
    await writeFile(path, '{"round": 1, "padd');
    const logged: string[] = [];
    const file = new JsonFile(path, schema, (line) => logged.push(line));
    expect(await file.read()).toBeNull();
    expect((await readdir(dir)).some((name) => name.startsWith('state.json.unreadable-'))).toBe(
      true,
    );
    expect(logged.join('')).toContain('could not be read');
  });
});
