export interface Watermarks {
  high: number;
  low: number;
}

// The viewer's queue when the producer pauses, in milliseconds of its parsing: what Ctrl+C waits
// for before the prompt can show. What is left when the producer resumes (LOW_MS) has to cover
// the loop from an acknowledgement to new output at the viewer, or it sits idle.
const HIGH_MS = 60;
const LOW_MS = 40;
// Before the first measurement, and the bounds of any: a viewer that stops parsing (a hidden tab,
// a page that went away) must not shrink the window to nothing, nor a burst grow it without end.
const INITIAL_HIGH = 256 * 1024;
const MIN_HIGH = 64 * 1024;
const MAX_HIGH = 4 * 1024 * 1024;
// A pause longer than this was a viewer that stopped, not one busy parsing: no measurement.
const LONGEST_SAMPLE_MS = 1_000;

/** Flow-control watermarks that hold a set time's worth of the viewer's parsing. */
export class ParseTimeWindow {
  private bytesPerMs: number | undefined;

  get watermarks(): Watermarks {
    const high =
      this.bytesPerMs === undefined
        ? INITIAL_HIGH
        : Math.round(Math.min(MAX_HIGH, Math.max(MIN_HIGH, this.bytesPerMs * HIGH_MS)));
    return { high, low: Math.round((high * LOW_MS) / HIGH_MS) };
  }

  /** The viewer parsed `bytes` in `ms` with output queued all along. */
  drained(bytes: number, ms: number): void {
    if (bytes <= 0 || ms <= 0 || ms > LONGEST_SAMPLE_MS) return;
    const rate = bytes / ms;
    // Halfway to each new measurement: one slow frame moves it, but does not decide it.
    this.bytesPerMs = this.bytesPerMs === undefined ? rate : (this.bytesPerMs + rate) / 2;
  }
}
