import { stripVTControlCharacters } from 'node:util';

export const DEFAULT_RAW_CAPACITY = 4 * 1024 * 1024;

/**
 * The session's raw bytes, bounded: the newest `capacity` bytes are kept for a raw view to replay.
 */
export class RawRing {
  private chunks: Buffer[] = [];
  private size = 0;

  constructor(readonly capacity = DEFAULT_RAW_CAPACITY) {}

  append(chunk: Buffer): void {
    if (chunk.length >= this.capacity) {
      this.chunks = [Buffer.from(chunk.subarray(chunk.length - this.capacity))];
      this.size = this.capacity;
      return;
    }
    this.chunks.push(Buffer.from(chunk));
    this.size += chunk.length;
    while (this.size > this.capacity) {
      const head = this.chunks[0]!;
      const excess = this.size - this.capacity;
      if (head.length <= excess) {
        this.chunks.shift();
        this.size -= head.length;
      } else {
        this.chunks[0] = head.subarray(excess);
        this.size -= excess;
      }
    }
  }

  snapshot(): Buffer {
    return Buffer.concat(this.chunks, this.size);
  }

  get byteLength(): number {
    return this.size;
  }
}

/** A line is unhandled output when it still says something once terminal escapes are gone. */
export function isVisibleText(line: string): boolean {
  return stripVTControlCharacters(line).trim().length > 0;
}
