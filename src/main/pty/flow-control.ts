import { ParseTimeWindow, type Watermarks } from './parse-time-window';

// Each batch costs the host a message, a socket write and, once parsed, an acknowledgement to
// read and answer: under a flood of output the viewer parses fast, bigger batches cost fewer of
// them (docs/perf.md). A quarter of the window keeps the overshoot past the high watermark, and
// the size of each acknowledgement, small beside the window; output the viewer parses slowly
// (`yes`) keeps the smallest, as before.
const SMALLEST_BATCH = 64 * 1024;
const LARGEST_BATCH = 256 * 1024;

/**
 * Counts bytes sent to a viewer but not yet parsed by it, and says when the producer must
 * pause (above `high`) and may resume (below `low`). The gap between the two keeps a busy producer
 * from flapping between states on every acknowledgement (docs/architecture.md, "Data flow").
 *
 * Without fixed watermarks the window holds a set time's worth of the viewer's parsing
 * (`ParseTimeWindow`), measured while the producer is paused: then the viewer has work queued the
 * whole time, so what it acknowledges per millisecond is how fast it parses this output. That
 * time is what Ctrl+C waits for before the prompt shows (docs/perf.md).
 */
export class FlowControl {
  private unacknowledged = 0;
  private paused = false;
  private pausedAt = 0;
  private drainedWhilePaused = 0;
  private readonly window: ParseTimeWindow | undefined;
  private marks: Watermarks;

  constructor(
    high?: number,
    low?: number,
    private readonly now = () => performance.now(),
  ) {
    this.window = high === undefined || low === undefined ? new ParseTimeWindow() : undefined;
    this.marks = this.window?.watermarks ?? { high: high!, low: low! };
    if (!(this.marks.low < this.marks.high)) {
      throw new RangeError('the low watermark must be below the high one');
    }
  }

  get pending(): number {
    return this.unacknowledged;
  }

  get isPaused(): boolean {
    return this.paused;
  }

  get watermarks(): Watermarks {
    return this.marks;
  }

  /** How much output to send at most in one batch, for the current window. */
  get batchSize(): number {
    return Math.min(LARGEST_BATCH, Math.max(SMALLEST_BATCH, Math.floor(this.marks.high / 4)));
  }

  /** Records `bytes` sent; true when the producer must pause now. */
  sent(bytes: number): boolean {
    this.unacknowledged += bytes;
    if (!this.paused && this.unacknowledged > this.marks.high) {
      this.paused = true;
      this.pausedAt = this.now();
      this.drainedWhilePaused = 0;
      return true;
    }
    return false;
  }

  /** Records `bytes` parsed by the viewer; true when the producer may resume now. */
  acknowledged(bytes: number): boolean {
    const parsed = Math.min(bytes, this.unacknowledged);
    this.unacknowledged -= parsed;
    if (!this.paused) return false;
    this.drainedWhilePaused += parsed;
    if (this.unacknowledged >= this.marks.low) return false;
    this.paused = false;
    if (this.window) {
      this.window.drained(this.drainedWhilePaused, this.now() - this.pausedAt);
      this.marks = this.window.watermarks;
    }
    return true;
  }
}
