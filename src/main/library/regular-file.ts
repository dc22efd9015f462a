import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';

/**
 * Opening a FIFO for reading waits for a writer, in one of libuv's four pool threads, for good:
 * four such "session files" stalled every other file operation of the host. Without blocking the
 * open returns at once, and the check after it refuses all but a regular file (a link to
 * `/dev/zero` would otherwise be read without end). Windows has no O_NONBLOCK and no FIFOs.
 */
const NO_WAIT = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

export class NotARegularFile extends Error {
  constructor(path: string) {
    super(`${path} is not a regular file`);
  }
}

/** A regular file opened for reading, with its size at that moment; anything else throws. */
export async function openRegularFile(path: string): Promise<{ file: FileHandle; size: number }> {
  const file = await open(path, NO_WAIT);
  try {
    const info = await file.stat();
    if (!info.isFile()) throw new NotARegularFile(path);
    return { file, size: info.size };
  } catch (error) {
    await file.close();
    throw error;
  }
}

/** A small regular file's text, read only if it is at most `maxBytes` long. */
export async function readSmallFile(path: string, maxBytes: number): Promise<string> {
  const { file, size } = await openRegularFile(path);
  try {
    if (size > maxBytes) throw new Error(`${path} is larger than ${maxBytes} bytes`);
    const bytes = Buffer.alloc(size);
    const { bytesRead } = await file.read(bytes, 0, size, 0);
    return bytes.subarray(0, bytesRead).toString('utf8');
  } finally {
    await file.close();
  }
}
