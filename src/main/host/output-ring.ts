/**
 * A terminal's most recent output, as the bytes the shell wrote, for a page that comes back
 * (a reload) to replay into a fresh xterm. It holds whole batches and drops the oldest once the
 * rest still cover `capacity`, so keeping it costs one array push per batch: no copy and no
 * second parse of a flood. What it cannot give back is state set before its start (an alternate
 * screen entered long ago); a redraw of the program (a resize) repairs that.
 */
export class OutputRing {
  private chunks: Uint8Array[] = [];
  private size = 0;
  private trimmed = false;

  constructor(readonly capacity = 4 * 1024 * 1024) {}

  push(data: Uint8Array): void {
    this.chunks.push(data);
    this.size += data.length;
    while (this.chunks.length > 1 && this.size - this.chunks[0]!.length >= this.capacity) {
      this.size -= this.chunks.shift()!.length;
      this.trimmed = true;
    }
  }

  /**
   * Everything held, as text. Once the oldest output has been dropped, the replay starts at a
   * line's start: the cut may fall inside an escape sequence or a character.
   */
  text(): string {
    const bytes = Buffer.concat(this.chunks);
    const start = this.trimmed ? bytes.indexOf(0x0a) + 1 : 0;
    return bytes.subarray(start).toString('utf8');
  }
}
