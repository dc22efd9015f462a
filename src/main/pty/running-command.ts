import { parseShellMark } from '../../shared/shell-marks';

const ESC = 0x1b;
/** How every mark starts (an operating system command). */
const OSC = '\x1b]';

/** Longer than any mark a shell sends (a command line is escaped into one). */
const LONGEST_MARK = 64 * 1024;

/**
 * The command a shell with integration runs now, read from its output's marks: from `C` (the
 * command runs, its line given by `E` before) to `D` or the next prompt. For a shell whose
 * processes cannot be looked at, as one on another machine behind ssh: whether closing its block
 * would end a program.
 */
export class RunningCommand {
  private readonly decoder = new TextDecoder();
  /** The end of the output so far that may be the start of a mark cut off by the chunk's end. */
  private tail = '';
  private commandLine: string | undefined;
  private runningLine: string | undefined;
  private running = false;
  private marked = false;

  push(data: Uint8Array): void {
    // Most output holds no mark: a native search over the bytes passes it by, undecoded.
    const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    if (!this.tail && bytes.indexOf(OSC) === -1 && bytes.at(-1) !== ESC) return;
    const text = this.tail + this.decoder.decode(data, { stream: true });
    // eslint-disable-next-line no-control-regex -- the marks are control sequences
    const marks = /\x1b\](?:633|133);([^\x07\x1b]*)(?:\x07|\x1b\\)/g;
    let end = 0;
    for (let match = marks.exec(text); match; match = marks.exec(text)) {
      end = marks.lastIndex;
      const mark = parseShellMark(match[1]!);
      if (mark) this.marked = true;
      if (mark?.type === 'commandLine') this.commandLine = mark.commandLine;
      if (mark?.type === 'commandExecuted') {
        this.running = true;
        this.runningLine = this.commandLine;
        this.commandLine = undefined;
      }
      if (mark?.type === 'commandFinished' || mark?.type === 'promptStart') this.running = false;
    }
    // A mark cut off by the chunk's end, or its first byte alone, waits for the next chunk.
    const start = text.lastIndexOf(OSC);
    this.tail =
      start >= end && text.length - start < LONGEST_MARK
        ? text.slice(start)
        : text.endsWith('\x1b')
          ? '\x1b'
          : '';
  }

  /** Whether the shell has sent a mark: without its integration, what runs is not known. */
  get integrated(): boolean {
    return this.marked;
  }

  /** What runs, when something does: its command line, or '' where the shell gave none. */
  get command(): string | undefined {
    return this.running ? (this.runningLine ?? '') : undefined;
  }
}
