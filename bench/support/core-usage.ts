import { readFileSync } from 'node:fs';

interface Sample {
  at: number;
  busy: number;
  total: number;
}

/**
 * How busy the machine's cores were over spans of time, from /proc/stat sampled every
 * `intervalMs` (Linux only: elsewhere it samples nothing and answers undefined). A figure that
 * shows every core busy says the run was bound by the machine, not by waiting.
 */
export class CoreUsage {
  private readonly samples: Sample[] = [];
  private readonly timer: ReturnType<typeof setInterval> | undefined;
  readonly cores: number;

  constructor(intervalMs = 50) {
    const first = read();
    this.cores = first ? cpuLines().length : 0;
    if (!first) return;
    this.samples.push(first);
    this.timer = setInterval(() => {
      const sample = read();
      if (sample) this.samples.push(sample);
    }, intervalMs);
  }

  /** The share (0–1) of all cores busy between `start` and `end` (epoch ms), if sampled. */
  busyBetween(start: number, end: number): number | undefined {
    const from = this.samples.findLast((s) => s.at <= start) ?? this.samples[0];
    const to = this.samples.find((s) => s.at >= end) ?? this.samples.at(-1);
    if (!from || !to || to.total <= from.total) return undefined;
    return (to.busy - from.busy) / (to.total - from.total);
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

function cpuLines(): string[] {
  return readFileSync('/proc/stat', 'utf8')
    .split('\n')
    .filter((line) => /^cpu\d/.test(line));
}

function read(): Sample | undefined {
  let line: string | undefined;
  try {
    line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0];
  } catch {
    return undefined;
  }
  // cpu  user nice system idle iowait irq softirq steal …
  const fields = line?.split(/\s+/).slice(1).map(Number) ?? [];
  if (fields.length < 5) return undefined;
  const total = fields.reduce((sum, n) => sum + n, 0);
  const idle = fields[3]! + fields[4]!;
  return { at: Date.now(), busy: total - idle, total };
}
