/**
 * Splits a byte stream (pty or pipe output) into text lines.
 *
 * Lines end in `\n` or `\r\n`; a chunk may end anywhere, including inside a UTF-8 sequence, so
 * bytes are only decoded once a whole line is in hand (`\n` never occurs inside a multi-byte
 * sequence). One line is bounded: past the bound its bytes are discarded up to the next newline
 * and counted, so one runaway line can never stall or corrupt the lines after it.
 */

export const DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;

const LF = 0x0a;
const CR = 0x0d;

export interface LineSplitterOptions {
  maxLineBytes?: number;
  /** Called once for each line that was dropped for exceeding the bound. */
  onOversizedLine?: (droppedBytes: number) => void;
}

export class LineSplitter {
  private readonly maxLineBytes: number;
  private readonly onOversizedLine: ((droppedBytes: number) => void) | undefined;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Bytes discarded from the current line once it went past the bound; -1 while within it. */
  private overflowBytes = -1;
  private droppedLineCount = 0;

  constructor(
    private readonly onLine: (line: string) => void,
    options: LineSplitterOptions = {},
  ) {
    this.maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    this.onOversizedLine = options.onOversizedLine;
  }

  /** Lines dropped so far for exceeding the bound. */
  get droppedLines(): number {
    return this.droppedLineCount;
  }

  push(chunk: Buffer | Uint8Array | string): void {
    const buf =
      typeof chunk === 'string'
        ? Buffer.from(chunk, 'utf8')
        : Buffer.isBuffer(chunk)
          ? chunk
          : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let start = 0;
    for (;;) {
      const nl = buf.indexOf(LF, start);
      if (nl === -1) {
        this.keep(buf, start, buf.length);
        return;
      }
      this.finishLine(buf, start, nl);
      start = nl + 1;
    }
  }

  /** Flushes a final line that had no newline (e.g. the escape sequences a CLI prints at exit). */
  end(): void {
    if (this.pendingBytes > 0 || this.overflowBytes >= 0) this.finishLine(Buffer.alloc(0), 0, 0);
  }

  private keep(buf: Buffer, start: number, end: number): void {
    if (end === start) return;
    if (this.overflowBytes >= 0) {
      this.overflowBytes += end - start;
      return;
    }
    if (this.pendingBytes + (end - start) > this.maxLineBytes) {
      this.overflowBytes = this.pendingBytes + (end - start);
      this.pending = [];
      this.pendingBytes = 0;
      return;
    }
    // Copy: the caller may reuse its buffer once push() returns.
    this.pending.push(Buffer.from(buf.subarray(start, end)));
    this.pendingBytes += end - start;
  }

  private finishLine(buf: Buffer, start: number, end: number): void {
    if (this.overflowBytes >= 0 || this.pendingBytes + (end - start) > this.maxLineBytes) {
      const dropped = Math.max(this.overflowBytes, 0) + this.pendingBytes + (end - start);
      this.overflowBytes = -1;
      this.pending = [];
      this.pendingBytes = 0;
      this.droppedLineCount++;
      this.onOversizedLine?.(dropped);
      return;
    }
    let line: Buffer;
    let lineEnd: number;
    if (this.pendingBytes === 0) {
      line = buf;
      lineEnd = end;
    } else {
      this.pending.push(buf.subarray(start, end));
      line = Buffer.concat(this.pending, this.pendingBytes + (end - start));
      start = 0;
      lineEnd = line.length;
      this.pending = [];
      this.pendingBytes = 0;
    }
    if (lineEnd > start && line[lineEnd - 1] === CR) lineEnd--;
    this.onLine(line.toString('utf8', start, lineEnd));
  }
}
