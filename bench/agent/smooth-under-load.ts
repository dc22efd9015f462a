/**
 * Smooth under load: an agent block whose log holds 10,000 events streams 2,000 deltas a second
 * while two terminal blocks run `yes`, and keys are typed at a human pace into a second agent
 * block's composer. What the page shows of it: every main-thread task over 50 ms (the Long Tasks
 * API), and per key the time from the key event's timestamp to the end of the first frame that
 * shows the character in the composer. The floor: the same typing in the same page before the
 * stream and the terminals start. Beside them, what a loaded machine inflates less: the page's
 * main thread busy and CPU time per second, and with `--trace` each task's CPU time from a Chromium
 * trace (which slows the page itself several times over on a loaded machine: figures to compare
 * only with other traced runs).
 */
import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import type { CDPSession, Page } from '@playwright/test';
import { SEEDED_BLOCK } from '../../e2e/support/seed-state';
import { rendererMainThreadCpuMs } from '../support/process-cpu';
import { percentile } from '../support/stats';

export const SMOOTH_SEED = 10_000;
/** Long enough for the typing to happen wholly inside the stream. */
export const SMOOTH_TOKENS = 30_000;
/** The blocks beside the seeded agent: id → kind. */
export const SMOOTH_BESIDE = { typing: 'agent', yes1: 'terminal', yes2: 'terminal' };
const KEYS = 'the quick brown fox jumps over the lazy dog '.repeat(2);
const KEY_DELAY_MS = 100;
const LONG_TASK_TARGET = 50;
const FRAME_MS = 1000 / 60;

interface Page_ {
  __longTasks: [number, number][];
  __keys: number[];
  __eventTiming: Map<number, number>;
  __done: boolean;
}

/**
 * Installed before the page's own scripts. Long tasks are buffered from the start; each key typed
 * into the composer of `typingBlock` is timed from its event timestamp (the moment the browser
 * received it, so time queued behind other tasks counts) to a message posted from the first
 * animation frame whose composer holds the character: that message runs once the frame is drawn.
 */
function instrument({ typingBlock, lastStamp }: { typingBlock: string; lastStamp: string }) {
  const w = window as unknown as Page_ & { __name?: (f: unknown) => unknown };
  // tsx compiles the named functions below to calls of an esbuild helper the page lacks.
  w.__name ??= (f) => f;
  w.__longTasks = [];
  w.__keys = [];
  w.__eventTiming = new Map();
  w.__done = false;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  // The Event Timing API's view of the same keys, for comparison: per interaction, the longest
  // duration of its events (rounded to 8 ms by the browser; only those of 16 ms or more are kept).
  new PerformanceObserver((list) => {
    // interactionId: newer than this TypeScript's DOM types.
    for (const e of list.getEntries() as (PerformanceEventTiming & { interactionId: number })[]) {
      if (!e.interactionId) continue;
      w.__eventTiming.set(
        e.interactionId,
        Math.max(w.__eventTiming.get(e.interactionId) ?? 0, e.duration),
      );
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  addEventListener(
    'keydown',
    (event) => {
      const box = event.target;
      if (!(box instanceof HTMLTextAreaElement) || event.key.length !== 1) return;
      if (!box.closest(`[data-block-id="${typingBlock}"]`)) return;
      const typed = event.timeStamp;
      const length = box.value.length + 1;
      const channel = new MessageChannel();
      channel.port1.onmessage = () => w.__keys.push(performance.now() - typed);
      const frame = () => {
        if (box.value.length >= length) channel.port2.postMessage(null);
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    },
    true,
  );
  // The stream's end: its last stamp entering the seeded block's transcript.
  new MutationObserver((records, observer) => {
    for (const record of records) {
      const texts =
        record.type === 'characterData'
          ? [record.target.nodeValue ?? '']
          : Array.from(record.addedNodes, (node) => node.textContent ?? '');
      if (texts.some((text) => text.includes(lastStamp))) {
        w.__done = true;
        observer.disconnect();
      }
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * The CPU time (ms, sorted) of each task the page's main thread ran while `run` ran, from a
 * Chromium trace: what a loaded machine inflates least, since a task waiting for a core uses none.
 */
async function taskCpuTimes(
  cdp: CDPSession,
  run: () => Promise<void>,
  file: string,
): Promise<number[]> {
  const events: TraceEvent[] = [];
  const collect = ({ value }: { value: object[] }) => events.push(...(value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', {
    categories: 'disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  });
  try {
    await run();
  } finally {
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', collect);
  }
  await writeFile(file, JSON.stringify(events));
  const main = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  return events
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && main.has(`${e.pid}:${e.tid}`))
    .map((e) => (e.tdur ?? 0) / 1000)
    .sort((a, b) => a - b);
}

interface Phase {
  seconds: number;
  longTasks: number[];
  /** Every task's CPU time, from a trace (with `--trace`). */
  taskCpu?: number[];
  keys: number[];
  /** Keys whose Event Timing duration was 16 ms or more. */
  slowEventTimings: number;
  busyMs: number;
  cpuMs: number;
  load: number;
}

async function phase(
  page: Page,
  cdp: CDPSession,
  userDataDir: string,
  run: () => Promise<void>,
  trace?: string,
): Promise<Phase> {
  const busy = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')!
      .value * 1000;
  const read = () =>
    page.evaluate(() => {
      const w = window as unknown as Page_;
      return {
        now: performance.now(),
        keys: w.__keys.length,
        interactions: [...w.__eventTiming.keys()],
      };
    });
  const before = await read();
  const [busyBefore, cpuBefore] = [await busy(), await rendererMainThreadCpuMs(userDataDir)];
  const taskCpu = trace ? await taskCpuTimes(cdp, run, trace) : (await run(), undefined);
  const [busyAfter, cpuAfter] = [await busy(), await rendererMainThreadCpuMs(userDataDir)];
  const seen = await page.evaluate(
    ({ from, keysFrom, interactionsBefore }) => {
      const w = window as unknown as Page_;
      return {
        now: performance.now(),
        longTasks: w.__longTasks.filter(([start]) => start >= from).map(([, d]) => d),
        keys: w.__keys.slice(keysFrom),
        slow: [...w.__eventTiming.entries()].filter(
          ([id, d]) => !interactionsBefore.includes(id) && d >= 16,
        ).length,
      };
    },
    { from: before.now, keysFrom: before.keys, interactionsBefore: before.interactions },
  );
  return {
    seconds: (seen.now - before.now) / 1000,
    longTasks: seen.longTasks.sort((a, b) => a - b),
    taskCpu,
    keys: seen.keys.sort((a, b) => a - b),
    slowEventTimings: seen.slow,
    busyMs: busyAfter - busyBefore,
    cpuMs: cpuAfter - cpuBefore,
    load: loadavg()[0]!,
  };
}

function report(name: string, p: Phase): void {
  const n = (v: number | undefined) => (v ?? 0).toFixed(1);
  console.log(`  ${name} (${p.seconds.toFixed(1)} s, load average ${p.load.toFixed(1)}):`);
  console.log(
    `    long tasks (> 50 ms): ${p.longTasks.length}, max ${n(p.longTasks.at(-1))} ms, p95 ${n(percentile(p.longTasks, 0.95))} ms (target: none over ${LONG_TASK_TARGET} ms → ${p.longTasks.length ? 'OVER TARGET' : 'OK'})`,
  );
  const cpu = p.taskCpu;
  if (cpu) {
    console.log(
      `    tasks by CPU time (trace): ${cpu.length}, ${cpu.filter((ms) => ms > LONG_TASK_TARGET).length} over ${LONG_TASK_TARGET} ms, ${cpu.filter((ms) => ms > FRAME_MS).length} over one frame, max ${n(cpu.at(-1))} ms, p95 ${n(percentile(cpu, 0.95))} ms`,
    );
  }
  const p95 = percentile(p.keys, 0.95);
  console.log(
    `    key → drawn in the composer: p50 ${n(percentile(p.keys, 0.5))} ms, p95 ${n(p95)} ms, max ${n(p.keys.at(-1))} ms over ${p.keys.length} keys (target p95 < ${FRAME_MS.toFixed(1)} ms, one frame → ${p95 < FRAME_MS ? 'OK' : 'OVER TARGET'}); Event Timing: ${p.slowEventTimings} keys at 16 ms or more`,
  );
  const perSecond = (ms: number) => `${(ms / p.seconds).toFixed(0)} ms/s`;
  console.log(
    `    renderer main thread: busy ${perSecond(p.busyMs)}, CPU ${perSecond(p.cpuMs)} (all renderers of the browser)`,
  );
}

/**
 * Runs the scenario in a page of the app seeded with SMOOTH_SEED events and SMOOTH_BESIDE; with
 * `profile`, writes a CPU profile of the loaded phase there (open it in Chrome's DevTools); with
 * `trace`, traces both phases into `<trace>.floor.json` and `<trace>.load.json`.
 */
export async function smoothUnderLoad(
  page: Page,
  userDataDir: string,
  url: string,
  rate: number,
  { profile, trace }: { profile?: string; trace?: string } = {},
): Promise<void> {
  await page.addInitScript(instrument, {
    typingBlock: 'typing',
    lastStamp: `‹${String(SMOOTH_TOKENS - 1).padStart(5, '0')}@`,
  });
  await page.goto(url);
  const block = (id: string) => page.locator(`[data-block-id="${id}"]`);
  const lastTurn = Math.floor(SMOOTH_SEED / 10) - 1;
  await block(SEEDED_BLOCK)
    .getByText(`Reply ${lastTurn} done.`)
    .first()
    .waitFor({ timeout: 120_000 });
  const composer = (id: string) => block(id).getByRole('textbox', { name: 'Message Claude' });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  // Let the seeded transcript's first render and the terminals' shells settle.
  await page.waitForTimeout(2000);
  const typing = composer('typing');
  const type = async () => {
    await typing.fill('');
    await typing.click();
    await page.keyboard.type(KEYS, { delay: KEY_DELAY_MS });
  };

  const floor = await phase(page, cdp, userDataDir, type, trace && `${trace}.floor.json`);

  for (const id of ['yes1', 'yes2']) {
    await block(id).locator('textarea').first().click();
    await page.keyboard.type('yes\n');
  }
  await composer(SEEDED_BLOCK).fill('stream');
  await composer(SEEDED_BLOCK).press('Enter');
  await page.waitForTimeout(1000);
  if (profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  const loaded = await phase(
    page,
    cdp,
    userDataDir,
    async () => {
      await type();
      await page.waitForFunction(() => (window as unknown as Page_).__done, undefined, {
        timeout: 120_000,
        polling: 500,
      });
    },
    trace && `${trace}.load.json`,
  );
  if (profile) {
    const { profile: cpuProfile } = await cdp.send('Profiler.stop');
    await writeFile(profile, JSON.stringify(cpuProfile));
  }

  console.log(
    `smooth under load: ${SMOOTH_SEED} events in the log, ${rate} deltas/s (${SMOOTH_TOKENS}), two terminals running yes, ${KEYS.length} keys typed a key every ${KEY_DELAY_MS} ms into another agent block's composer`,
  );
  report('floor, the same typing with nothing streaming and no terminals', floor);
  report('under load', loaded);
}
