import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readLines } from './index/line-reader';
import { NotARegularFile, readSmallFile } from './regular-file';
import { readSessionFile } from './session-file';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tether-regular-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const fifo = (name: string) => {
  const path = join(dir, name);
  execFileSync('mkfifo', [path]);
  return path;
};

describe.skipIf(process.platform === 'win32')('reading only regular files', () => {
  it('refuses a FIFO at once, and four of them leave the thread pool free', async () => {
    const fifos = ['a', 'b', 'c', 'd'].map((name) => fifo(`${name}.jsonl`));
    const refused = fifos.map((path) => readSessionFile(path).catch((error: unknown) => error));
    // With the open waiting for a writer, these four would hold all of libuv's pool threads.
    const settings = join(dir, 'settings.json');
    writeFileSync(settings, '{}');
    await expect(readFile(settings, 'utf8')).resolves.toBe('{}');
    for (const error of await Promise.all(refused)) expect(error).toBeInstanceOf(NotARegularFile);
  });

  it('refuses a link to /dev/zero instead of reading it without end', async () => {
    const zero = join(dir, 'zero.jsonl');
    symlinkSync('/dev/zero', zero);
    await expect(readLines(zero, 0, () => undefined)).rejects.toThrow('not a regular file');
    await expect(readSmallFile(zero, 1024)).rejects.toThrow('not a regular file');
  });

  it('reads a regular file up to its size when opened, and a small one only if small', async () => {
    const path = join(dir, 'session.jsonl');
    writeFileSync(path, '{"a":1}\n{"b":2}\n');
    const lines: string[] = [];
    await readLines(path, 0, (batch) => void lines.push(...batch.map((line) => line.text)));
    expect(lines).toEqual(['{"a":1}', '{"b":2}']);
    await expect(readSmallFile(path, 1024)).resolves.toBe('{"a":1}\n{"b":2}\n');
    await expect(readSmallFile(path, 4)).rejects.toThrow('larger than 4 bytes');
  });
});
