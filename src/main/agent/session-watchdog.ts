export interface WatchdogTimings {
  /** Silence during a turn before the CLI is asked whether it still reads its input. */
  quietMs: number;
  /** How long that question may go unanswered before the CLI counts as not responding. */
  answerMs: number;
}

export interface WatchdogHooks {
  /** Asks the CLI something harmless: true once it answered (even with an error), else false. */
  ping(timeoutMs: number): Promise<boolean>;
  /** Neither output nor an answer since `since` (epoch ms). */
  unresponsive(since: number): void;
  /** Output again after `unresponsive`. */
  responsive(): void;
}

/**
 * Tells a CLI that is stopped or hung from one that is merely quiet. Silence alone proves
 * nothing (a tool like `sleep 600` runs, the API is slow), so after a quiet spell it asks; only an
 * unanswered question counts, and any output later clears it.
 */
export class SessionWatchdog {
  private timer: NodeJS.Timeout | undefined;
  private lastHeard = 0;
  private watching = false;
  private reported = false;
  /** Bumped by stop(): an answer to a question asked before then is stale. */
  private round = 0;

  constructor(
    private readonly timings: WatchdogTimings,
    private readonly hooks: WatchdogHooks,
    private readonly now: () => number = Date.now,
  ) {}

  /** A turn runs: silence from now on is watched. */
  watch(): void {
    if (this.watching) return;
    this.watching = true;
    this.lastHeard = this.now();
    this.arm(this.timings.quietMs);
  }

  /** No turn runs: silence is expected. */
  stop(): void {
    this.watching = false;
    this.reported = false;
    this.round++;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** The CLI wrote something, so it is alive. */
  heard(): void {
    this.lastHeard = this.now();
    if (!this.reported) return;
    this.reported = false;
    this.hooks.responsive();
    this.arm(this.timings.quietMs);
  }

  private arm(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.check(), ms);
    this.timer.unref();
  }

  private check(): void {
    this.timer = undefined;
    const quiet = this.now() - this.lastHeard;
    if (quiet < this.timings.quietMs) return this.arm(this.timings.quietMs - quiet);
    const round = this.round;
    const since = this.lastHeard;
    void this.hooks.ping(this.timings.answerMs).then((answered) => {
      if (round !== this.round || !this.watching) return;
      // Output that came meanwhile proves as much as an answer.
      if (answered || this.lastHeard !== since) return this.arm(this.timings.quietMs);
      this.reported = true;
      this.hooks.unresponsive(since);
    });
  }
}
