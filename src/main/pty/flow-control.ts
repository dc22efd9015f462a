/**
 * Counts characters sent to a viewer but not yet parsed by it, and says when the producer must
 * pause (above `high`) and may resume (below `low`). The gap between the two keeps a busy producer
 * from flapping between states on every acknowledgement (DESIGN §5).
 */
export class FlowControl {
  private unacknowledged = 0;
  private paused = false;

  constructor(
    readonly high = 100_000,
    readonly low = 5_000,
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
