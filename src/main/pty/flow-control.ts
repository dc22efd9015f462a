/**
 * Counts characters sent to a viewer but not yet parsed by it, and says when the producer must
 * pause (above `high`) and may resume (below `low`). The gap between the two keeps a busy producer
 * from flapping between states on every acknowledgement (DESIGN §5).
 *
 * The defaults are larger than VS Code's 100 000 / 5 000: over a WebSocket the refill after a
 * resume takes milliseconds, and resuming only at 5 000 left xterm idle for most of a flood
 * (`npm run bench:terminal`: about 0.45 of the parse ceiling against 0.55–0.75 with these). They
 * stay below the ~500 KB of pending writes past which xterm stops responding.
 */
export class FlowControl {
  private unacknowledged = 0;
  private paused = false;

  constructor(
    readonly high = 400_000,
    readonly low = 200_000,
  ) {
    if (!(low < high)) throw new RangeError('the low watermark must be below the high one');
  }

  get pending(): number {
    return this.unacknowledged;
  }

  get isPaused(): boolean {
    return this.paused;
  }

  /** Records `chars` sent; true when the producer must pause now. */
  sent(chars: number): boolean {
    this.unacknowledged += chars;
    if (!this.paused && this.unacknowledged > this.high) {
      this.paused = true;
      return true;
    }
    return false;
  }

  /** Records `chars` parsed by the viewer; true when the producer may resume now. */
  acknowledged(chars: number): boolean {
    this.unacknowledged = Math.max(0, this.unacknowledged - chars);
    if (this.paused && this.unacknowledged < this.low) {
      this.paused = false;
      return true;
    }
    return false;
  }
}
