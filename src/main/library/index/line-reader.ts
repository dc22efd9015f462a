import { openRegularFile } from '../regular-file';

export interface Line {
  text: string;
  /** Byte offsets in the file: `end` is just past its newline. */
  start: number;
  end: number;
}

export interface ReadResult {
  /** Just past the last complete line: where the next read of a growing file starts. */
  end: number;
  bytesRead: number;
  /** Lines longer than the limit, skipped without being held in memory. */
  oversized: number;
}

/** Bytes read per step; each step's lines are handled before the next read, so memory stays flat. */
const CHUNK = 128 * 1024;
/** The longest line held: a transcript line holds one entry, and a tool output is capped far below. */
const MAX_LINE_BYTES = 32 * 1024 * 1024;

const NEWLINE = 0x0a;

/**
 * Reads a file line by line from `from`, handing each step's complete lines to `onLines` and
 * awaiting it (the caller yields to the event loop there), up to `until` and no further than the
 * file's size when opened: a file that grows meanwhile is read on at the next call. A last line
 * without its newline is left for the next read: the CLI may be writing it right now. Only a
 * regular file is read (see openRegularFile).
 */
export async function readLines(
  path: string,
  from: number,
  onLines: (lines: Line[]) => Promise<void> | void,
  { until = Infinity }: { until?: number } = {},
): Promise<ReadResult> {
  const { file, size } = await openRegularFile(path);
  until = Math.min(until, size);
  try {
    const buffer = Buffer.allocUnsafe(CHUNK);
    let position = from;
    let lineStart = from;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let skipping = false;
    let oversized = 0;
    while (position < until) {
      const { bytesRead } = await file.read(buffer, 0, Math.min(CHUNK, until - position), position);
      if (bytesRead === 0) break;
      const lines: Line[] = [];
      let at = 0;
      while (at < bytesRead) {
        const newline = buffer.indexOf(NEWLINE, at);
        const stop = newline === -1 || newline >= bytesRead ? bytesRead : newline;
        if (!skipping) {
          if (pendingBytes + stop - at > MAX_LINE_BYTES) {
            skipping = true;
            pending = [];
            pendingBytes = 0;
          } else if (stop > at) {
            pending.push(Buffer.from(buffer.subarray(at, stop)));
            pendingBytes += stop - at;
          }
        }
        if (stop === bytesRead) break;
        const end = position + stop + 1;
        if (skipping) oversized++;
        else if (pendingBytes > 0)
          lines.push({ text: Buffer.concat(pending).toString('utf8'), start: lineStart, end });
        pending = [];
        pendingBytes = 0;
        skipping = false;
        lineStart = end;
        at = stop + 1;
      }
      position += bytesRead;
      if (lines.length > 0) await onLines(lines);
    }
    return { end: lineStart, bytesRead: position - from, oversized };
  } finally {
    await file.close();
  }
}
