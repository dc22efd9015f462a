/**
 * Counts bytes sent to a viewer but not yet parsed by it, and says when the producer must
 * pause (above `high`) and may resume (below `low`). The gap between the two keeps a busy producer
 * from flapping between states on every acknowledgement (docs/architecture.md, "Data flow").
 *
 * The defaults are well above VS Code's 100 000 / 5 000. Over a WebSocket the loop from sending
 * to hearing that xterm parsed it takes 20–40 ms under a flood, and the window has to cover it or
 * xterm sits idle. `npm run bench:terminal` on 2 cores, alternating runs: 400 000 / 200 000
 * carried 28–31 MB/s, these 30–32 MB/s, and 2 000 000 / 1 600 000 no more. The price is output
 * still on its way when the user presses Ctrl+C: during `yes` the prompt came back after
 * 30–90 ms, 140–210 ms and 280–370 ms.
 */
export class FlowControl {
  private unacknowledged = 0;
  private paused = false;

  constructor(
    readonly high = 1_000_000,
    readonly low = 800_000,
  ) {
    if (!(low < high)) throw new RangeError('the low watermark must be below the high one');
  }

  get pending(): number {
    return this.unacknowledged;
  }

  get isPaused(): boolean {
    return this.paused;
  }

  /** Records `bytes` sent; true when the producer must pause now. */
  sent(bytes: number): boolean {
    this.unacknowledged += bytes;
    if (!this.paused && this.unacknowledged > this.high) {
      this.paused = true;
      return true;
    }
    return false;
  }

  /** Records `bytes` parsed by the viewer; true when the producer may resume now. */
  acknowledged(bytes: number): boolean {
    this.unacknowledged = Math.max(0, this.unacknowledged - bytes);
    if (this.paused && this.unacknowledged < this.low) {
      this.paused = false;
      return true;
    }
    return false;
  }
}
