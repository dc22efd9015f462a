import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { contentChunks } from '../terminal/content';

/** Writes about `totalBytes` of the terminal bench's output lines to `path`; its size in bytes. */
export async function writeContentFile(path: string, totalBytes: number): Promise<number> {
  const out = createWriteStream(path);
  for (const chunk of contentChunks(totalBytes, '\n')) {
    if (!out.write(chunk)) await new Promise<void>((done) => out.once('drain', () => done()));
  }
  await new Promise<void>((done) => out.end(() => done()));
  return (await stat(path)).size;
}
