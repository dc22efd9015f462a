// The page reports once, on its console, and the bench reads that line from Chromium's log: no
// DevTools connection is open during the run. One was: with its network events on, Chromium sent
// every WebSocket frame to Playwright as well, which cost the measured pipeline CPU.

export type Stage = 'ceiling' | 'pipeline' | 'transport';

/** When each round of each stage ran, and the milliseconds Ctrl+C took. */
export interface BenchReport {
  renderer: string;
  /** The measured span of each round, in epoch milliseconds, to set beside CPU samples. */
  spans: { stage: Stage; start: number; end: number }[];
  interrupt: number[];
}

/** The epoch time in milliseconds, at the resolution of `performance.now()`. */
export const epochNow = (): number => performance.timeOrigin + performance.now();

export const REPORT_MARK = 'TETHER_BENCH_REPORT';
export const FAILURE_MARK = 'TETHER_BENCH_FAILED';
