export interface Watermarks {
  high: number;
  low: number;
}

// The viewer's queue when the producer pauses, in milliseconds of its parsing: what Ctrl+C waits
// for before the prompt can show. What is left when the producer resumes (LOW_MS) has to cover
// the loop from an acknowledgement to new output at the viewer, or it sits idle. With 60 and 40
// Ctrl+C during `yes` took up to 105-107 ms at load 2; with 50 and 35 up to 49-85 ms, and as much
// output got through (bench:terminal).
const HIGH_MS = 50;
const LOW_MS = 35;
// Before the first measurement, and the bounds of any: a viewer that stops parsing (a hidden tab,
// a page that went away) must not shrink the window to nothing, nor a burst grow it without end.
const INITIAL_HIGH = 256 * 1024;
const MIN_HIGH = 64 * 1024;
const MAX_HIGH = 4 * 1024 * 1024;
// A pause longer than this was a viewer that stopped, not one busy parsing: no measurement.
const LONGEST_SAMPLE_MS = 1_000;
// The rate is taken over this many pauses, each some 20-30 ms of parsing. Acknowledgements can
// arrive bunched (the page sent them after one of xterm's 12 ms slices, or they waited in the
// socket while the host was busy): one pause then drains its whole gap in a millisecond.
// Alone that said 30 times the real rate, and the window jumped to its maximum, 300-450 ms of
// `yes` behind a Ctrl+C; over the last few pauses it weighs by the time it took.
const SAMPLES = 8;

/** Flow-control watermarks that hold a set time's worth of the viewer's parsing. */
export class ParseTimeWindow {
  private readonly samples: { bytes: number; ms: number }[] = [];

  get watermarks(): Watermarks {
    const bytesPerMs = this.bytesPerMs;
    const high =
      bytesPerMs === undefined
        ? INITIAL_HIGH
        : Math.round(Math.min(MAX_HIGH, Math.max(MIN_HIGH, bytesPerMs * HIGH_MS)));
    return { high, low: Math.round((high * LOW_MS) / HIGH_MS) };
  }

  /** The viewer parsed `bytes` in `ms` with output queued all along. */
  drained(bytes: number, ms: number): void {
    if (bytes <= 0 || ms <= 0 || ms > LONGEST_SAMPLE_MS) return;
    this.samples.push({ bytes, ms });
    if (this.samples.length > SAMPLES) this.samples.shift();
  }

  private get bytesPerMs(): number | undefined {
    if (this.samples.length === 0) return undefined;
    let bytes = 0;
    let ms = 0;
    for (const sample of this.samples) {
      bytes += sample.bytes;
      ms += sample.ms;
    }
    return bytes / ms;
  }
}
