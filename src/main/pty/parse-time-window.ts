export interface Watermarks {
  high: number;
  low: number;
}

// The viewer's queue when the producer pauses, in milliseconds of its parsing: what Ctrl+C waits
// for before the prompt can show. What is left when the producer resumes (LOW_MS) has to cover
// the loop from an acknowledgement to new output at the viewer, or it sits idle. The gap between
// them is what each pause measures, and acknowledgements of what was parsed before the pause
// still arrive in its first milliseconds: over a gap of 15 ms that said up to twice the real
// rate, and Ctrl+C during `yes` took up to 104-195 ms; over 25 ms, 59-97 ms at p95 in four runs
// of 15 (load 1.6-2.7), with as much output carried (bench:terminal).
const HIGH_MS = 50;
const LOW_MS = 25;
// Before the first measurement, and the bounds of any: a viewer that stops parsing (a hidden tab,
// a page that went away) must not shrink the window to nothing, nor a burst grow it without end.
const INITIAL_HIGH = 256 * 1024;
const MIN_HIGH = 64 * 1024;
const MAX_HIGH = 4 * 1024 * 1024;
// A pause longer than this was a viewer that stopped, not one busy parsing: no measurement.
const LONGEST_SAMPLE_MS = 1_000;
// The rate is the median of the last few pauses' rates, each weighed by how long it took.
// Acknowledgements can arrive bunched (the page sent them after one of xterm's 12 ms slices, or
// they waited in the socket while the host was busy): one pause then drains its whole gap in a
// millisecond. Taken halfway into the estimate, that said 30 times the real rate, and the window
// jumped to its maximum, 300-450 ms of `yes` behind a Ctrl+C. Weighed by its millisecond it
// counts for nothing; and output that parses slower (a build log, then `yes`) drains slower, so
// its pauses weigh more and the window follows it within two or three.
const SAMPLES = 5;

/** Flow-control watermarks that hold a set time's worth of the viewer's parsing. */
export class ParseTimeWindow {
  private readonly samples: { rate: number; ms: number }[] = [];

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
    this.samples.push({ rate: bytes / ms, ms });
    if (this.samples.length > SAMPLES) this.samples.shift();
  }

  /** The rate at which half of the sampled time was spent parsing slower, half faster. */
  private get bytesPerMs(): number | undefined {
    const sorted = [...this.samples].sort((a, b) => a.rate - b.rate);
    let half = sorted.reduce((sum, sample) => sum + sample.ms, 0) / 2;
    for (const sample of sorted) {
      half -= sample.ms;
      if (half <= 0) return sample.rate;
    }
    return undefined;
  }
}
