import { readFileSync } from 'node:fs';

interface Sample {
  at: number;
  /**
   * Ticks of all cores since boot (/proc/stat): busy (time stolen by the hypervisor included),
   * working (user, system and interrupts, without what was stolen), and in all.
   */
  busy: number;
  work: number;
  total: number;
  /** CPU time this process has used, in ms. */
  own: number;
}

/** /proc/stat counts in clock ticks of 10 ms (USER_HZ is 100 on Linux). */
const TICK_MS = 10;

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

  /**
   * CPU time, in ms, that all cores (`machine`) and this process (`own`) spent between `start`
   * and `end`: the rate between the samples inside the span, over the span's length, so that the
   * quieter moments around it are not counted.
   */
  cpuBetween(start: number, end: number): { machine: number; own: number } | undefined {
    const from = this.samples.find((s) => s.at >= start);
    const to = this.samples.findLast((s) => s.at <= end);
    if (!from || !to || to.at <= from.at) return undefined;
    const scale = (end - start) / (to.at - from.at);
    return {
      machine: (to.work - from.work) * TICK_MS * scale,
      own: (to.own - from.own) * scale,
    };
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
  const work = fields[0]! + fields[1]! + fields[2]! + (fields[5] ?? 0) + (fields[6] ?? 0);
  const { user, system } = process.cpuUsage();
  return { at: Date.now(), busy: total - idle, work, total, own: (user + system) / 1000 };
}
