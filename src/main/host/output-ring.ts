/**
 * A terminal's most recent output, as the bytes the shell wrote, for a page that comes back
 * (a reload) to replay into a fresh xterm. It holds whole batches and drops the oldest once the
 * rest still cover `capacity`, so keeping it costs one array push per batch: no copy and no
 * second parse of a flood (`npm run bench:reattach` weighs this against a headless xterm).
 *
 * What it cannot replay is a full-screen program's screen drawn before its start: such programs
 * send changes, not screens. It remembers whether the alternate screen was on where it starts, so
 * the replay lands there and not in the shell's scrollback, and whether it is on at its end, so
 * the host can ask the program to redraw (`alternateScreen`).
 */
export class OutputRing {
  private chunks: Uint8Array[] = [];
  private size = 0;
  private trimmed = false;
  private alternateAtStart = false;

  constructor(readonly capacity = 4 * 1024 * 1024) {}

  push(data: Uint8Array): void {
    this.chunks.push(data);
    this.size += data.length;
    while (this.chunks.length > 1 && this.size - this.chunks[0]!.length >= this.capacity) {
      const dropped = this.chunks.shift()!;
      this.size -= dropped.length;
      this.trimmed = true;
      this.alternateAtStart = alternateScreenAfter(dropped, this.alternateAtStart);
    }
  }

  /** Whether a full-screen program holds the alternate screen at the end of the output. */
  get alternateScreen(): boolean {
    return this.chunks.reduce(
      (on, chunk) => alternateScreenAfter(chunk, on),
      this.alternateAtStart,
    );
  }

  /**
   * Everything held, as text. Once the oldest output has been dropped, the replay starts at a
   * line's start: the cut may fall inside an escape sequence or a character.
   */
  text(): string {
    const bytes = Buffer.concat(this.chunks);
    const start = this.trimmed ? bytes.indexOf(0x0a) + 1 : 0;
    const text = bytes.subarray(start).toString('utf8');
    const alternate = alternateScreenAfter(bytes.subarray(0, start), this.alternateAtStart);
    return alternate ? ENTER_ALTERNATE + text : text;
  }
}

const ENTER_ALTERNATE = '\x1b[?1049h';
const PRIVATE_MODE = Buffer.from('\x1b[?', 'latin1');
// DEC private modes 1049, 1047 and 47 all switch to the alternate screen (h) and back (l). A switch
// cut in two by a batch boundary is missed; the next one sets the state right.
const SWITCH = /^(?:1049|1047|47)([hl])/;

/** The alternate screen's state after `bytes`, given its state before them. */
function alternateScreenAfter(bytes: Uint8Array, before: boolean): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  let on = before;
  const skip = PRIVATE_MODE.length;
  for (
    let at = buffer.indexOf(PRIVATE_MODE);
    at !== -1;
    at = buffer.indexOf(PRIVATE_MODE, at + skip)
  ) {
    const mode = SWITCH.exec(buffer.toString('latin1', at + skip, at + skip + 5))?.[1];
    if (mode) on = mode === 'h';
  }
  return on;
}
