/**
 * `npm run bench:agent`: how fast agent output reaches the screen, what it costs on the wire, and
 * what a huge session costs.
 *
 * 1. Latency from a frame entering the host to its text in the transcript's DOM, under 2,000 text
 *    deltas a second: a stand-in CLI (bench/agent/paced-claude.mjs) writes each delta stamped
 *    with the moment it wrote it; the page notes when each one is in the DOM. (The real CLI is
 *    not the subject here: its own pacing would blur what Tether adds.) The floor beside it: the
 *    same stamps as they arrive on the page's WebSocket, before anything renders them. And what
 *    the renderer's main thread spent on the stream: the time its tasks took (busy), which a
 *    loaded machine inflates far less than it does latency, and its CPU time, which it inflates
 *    less still (a task waiting for a core is busy but uses none).
 * 2. Bytes on the wire per event over the recorded CLI transcripts (test/conformance/recordings),
 *    as browser mode frames them: events as JSON, raw bytes only while a raw view is open.
 * 3. Renderer memory with a 100,000-event session open (a seeded event log), after GC.
 * 4. Smooth under load (bench/agent/smooth-under-load.ts; alone with `-- --smooth`): long tasks
 *    and key-to-screen latency in one agent block's composer while another block of 10,000
 *    events streams and two terminals run `yes`.
 * Targets: p95 under 30 ms for prose and 50 ms for one unbroken paragraph; memory under 300 MB;
 * under load no task over 50 ms and keys drawn within one frame (16.7 ms) at p95.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import WebSocket from 'ws';
import { chromiumPath, quietChromium } from '../playwright.config';
import { seedAgentBlock } from '../e2e/support/seed-state';
import { BrowserMode } from '../e2e/support/web-host';
import { ClaudeTranslator } from '../src/main/agent/claude-translator';
import { eventMessageFrame } from '../src/main/web/event-message-frame';
import { pushCoalesced } from '../src/shared/coalesce-events';
import type { AgentEvent } from '../src/shared/agent-event';
import { rendererMainThreadCpuMs } from './support/process-cpu';
import { rendererPssMb } from './support/process-memory';
import { percentile } from './support/stats';
import {
  SMOOTH_BESIDE,
  SMOOTH_SEED,
  SMOOTH_TOKENS,
  smoothUnderLoad,
} from './agent/smooth-under-load';

const RATE = 2000;
const TOKENS = 6000;
const WARMUP = 500;
const SEEDED_EVENTS = 100_000;

/** Each delta reads ‹index@written-at-ms›. */
const STAMP = /‹(\d{5})@(\d+)›/g;
const PACED_CLAUDE = join(__dirname, 'agent', 'paced-claude.mjs');

/** The latencies after the warm-up, sorted; tokens never seen are left out (and counted). */
function settled(latencies: number[]): number[] {
  return latencies
    .slice(WARMUP)
    .filter((n) => Number.isFinite(n))
    .sort((a, b) => a - b);
}

function summary(latencies: number[]): string {
  const sorted = settled(latencies);
  return `p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p95 ${percentile(sorted, 0.95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (${sorted.length} tokens)`;
}

async function startApp(
  dir: string,
  name: string,
  claude: string,
  seed = 0,
  paragraph = 25,
  { tokens = TOKENS, beside = {} as Record<string, string> } = {},
) {
  const [workspace, state, home] = ['workspace', 'state', 'home'].map((n) =>
    join(dir, name, n),
  ) as [string, string, string];
  await Promise.all([workspace, state, home].map((p) => mkdir(p, { recursive: true })));
  if (seed) await seedAgentBlock(state, workspace, seed, beside);
  const app = new BrowserMode(workspace, state, home, {
    TETHER_CLAUDE: claude,
    PACED_RATE: String(RATE),
    PACED_TOKENS: String(tokens),
    PACED_PARAGRAPH: String(paragraph),
  });
  await app.start();
  return app;
}

/**
 * The floor: the same stream through the same host to a WebSocket client that renders nothing
 * (this process), on the same machine under the same load.
 */
async function latencyToSocket(dir: string, paragraph: number): Promise<number[]> {
  const app = await startApp(dir, `socket-${paragraph}`, PACED_CLAUDE, 0, paragraph);
  const url = new URL(app.url);
  const socket = new WebSocket(`ws://${url.host}/ws?token=${url.searchParams.get('token')}`, {
    origin: app.origin,
  });
  try {
    const seen: number[] = [];
    let ready = false;
    socket.on('message', (data, binary) => {
      if (binary) return;
      const now = Date.now();
      const text = data.toString();
      ready ||= text.includes('"state":"ready"');
      for (const match of text.matchAll(STAMP)) seen[Number(match[1])] ??= now - Number(match[2]);
    });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const request = (id: number, name: string, params: unknown) =>
      socket.send(JSON.stringify({ type: 'request', id, name, params }));
    request(1, 'openAgent', { agentId: 'floor' });
    const started = Date.now();
    let asked = false;
    while (seen[TOKENS - 1] === undefined) {
      if (Date.now() - started > 120_000) throw new Error('the floor stream did not finish');
      if (ready && !asked) request(2, 'sendAgentMessage', { agentId: 'floor', text: 'stream' });
      asked ||= ready;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return Array.from({ length: TOKENS }, (_, i) => seen[i] ?? NaN);
  } finally {
    socket.close();
    await app.stop();
  }
}

interface Stream {
  /** Frame written → text in the transcript DOM, per token. */
  dom: number[];
  /** Frame written → its message at the page's WebSocket, per token. */
  arrived: number[];
  /** Frame written → the start of the first animation frame after its message arrived. */
  nextFrame: number[];
  /** The renderer's main thread busy during the stream, ms. */
  busyMs: number;
  /** The CPU time the renderer's main thread used during the stream, ms. */
  cpuMs: number;
}

async function latencyToDom(
  page: Page,
  userDataDir: string,
  dir: string,
  paragraph: number,
): Promise<Stream> {
  const app = await startApp(dir, `latency-${paragraph}`, PACED_CLAUDE, 0, paragraph);
  try {
    // Every socket the page opens also notes when each stamp arrives and when the next frame
    // begins: no view drawn in frames can show a delta before that.
    await page.addInitScript((pattern) => {
      const w = window as unknown as { __arrived: number[]; __nextFrame: number[] };
      w.__arrived = [];
      w.__nextFrame = [];
      const re = new RegExp(pattern, 'g');
      const Native = window.WebSocket;
      window.WebSocket = class extends Native {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(url, protocols);
          this.addEventListener('message', ({ data }) => {
            if (typeof data !== 'string') return;
            const now = Date.now();
            const stamps = Array.from(data.matchAll(re), (m) => [Number(m[1]), Number(m[2])]);
            if (stamps.length === 0) return;
            for (const [index, written] of stamps) w.__arrived[index!] ??= now - written!;
            requestAnimationFrame(() => {
              const frame = Date.now();
              for (const [index, written] of stamps) w.__nextFrame[index!] ??= frame - written!;
            });
          });
        }
      };
    }, STAMP.source);
    await page.goto(app.url);
    await page.getByRole('region', { name: 'Terminal' }).locator('textarea').first().waitFor();
    await page.keyboard.press('Control+Shift+A');
    const composer = page.getByRole('textbox', { name: 'Message Claude' });
    await composer.waitFor();
    await page.evaluate((pattern) => {
      const w = window as unknown as { __latency: number[] };
      w.__latency = [];
      const log = document.querySelector('[role=log][aria-label=Transcript]')!;
      const re = new RegExp(pattern, 'g');
      new MutationObserver((records) => {
        const now = Date.now();
        // Only the text that changed: all text enters the log in an added node or a changed text
        // node, and a stamp (no space, no Markdown) never spans two. Reading the whole log's text
        // each time cost the page it measures four times the CPU (60 ms over the stream).
        for (const record of records) {
          const texts =
            record.type === 'characterData'
              ? [record.target.nodeValue ?? '']
              : Array.from(record.addedNodes, (node) => node.textContent ?? '');
          for (const text of texts) {
            for (const match of text.matchAll(re)) {
              w.__latency[Number(match[1])] ??= now - Number(match[2]);
            }
          }
        }
      }).observe(log, { subtree: true, childList: true, characterData: true });
    }, STAMP.source);
    await composer.fill('stream');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const busy = async () =>
      (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')!
        .value * 1000;
    const busyBefore = await busy();
    const cpuBefore = await rendererMainThreadCpuMs(userDataDir);
    await composer.press('Enter');
    // Polled rarely, and not by searching the DOM: the wait must not load the page it measures.
    await page.waitForFunction(
      (last) => (window as unknown as { __latency: number[] }).__latency[last] !== undefined,
      TOKENS - 1,
      { timeout: 120_000, polling: 500 },
    );
    const busyMs = (await busy()) - busyBefore;
    const cpuMs = (await rendererMainThreadCpuMs(userDataDir)) - cpuBefore;
    const seen = await page.evaluate(() => {
      const w = window as unknown as Record<'__latency' | '__arrived' | '__nextFrame', number[]>;
      return { dom: w.__latency, arrived: w.__arrived, nextFrame: w.__nextFrame };
    });
    const perToken = (all: number[]) => Array.from({ length: TOKENS }, (_, i) => all[i] ?? NaN);
    return {
      dom: perToken(seen.dom),
      arrived: perToken(seen.arrived),
      nextFrame: perToken(seen.nextFrame),
      busyMs,
      cpuMs,
    };
  } finally {
    await app.stop();
  }
}

async function memoryOfHugeSession(page: Page, dir: string, userDataDir: string) {
  const app = await startApp(dir, 'memory', PACED_CLAUDE, SEEDED_EVENTS);
  try {
    const started = Date.now();
    await page.goto(app.url);
    const lastTurn = Math.floor(SEEDED_EVENTS / 10) - 1;
    await page.getByText(`Reply ${lastTurn} done.`).first().waitFor({ timeout: 120_000 });
    const loadSeconds = (Date.now() - started) / 1000;
    await page.evaluate(() => (window as unknown as { gc?: () => void }).gc?.());
    await page.waitForTimeout(500);
    const heap = await page.evaluate(
      () =>
        (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize,
    );
    const nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
    return {
      loadSeconds,
      heapMb: heap / 1024 / 1024,
      pssMb: await rendererPssMb(userDataDir),
      nodes,
    };
  } finally {
    await app.stop();
  }
}

/**
 * Browser mode's bytes per agent event over the recorded transcripts, each stdout line taken as
 * one delivery (the CLI writes a frame at a time; the host's 16 ms batching can only join more).
 * Before: raw bytes went out always, base64 inside JSON. Now: only while a raw view is open, as
 * binary frames.
 */
function wireBytes(): void {
  const recordings = join(__dirname, '..', 'test', 'conformance', 'recordings');
  const agentId = 'block-5f3a9c2e';
  const size = (frame: string | Uint8Array) =>
    typeof frame === 'string' ? Buffer.byteLength(frame) : frame.length;
  let events = 0;
  let eventBytes = 0;
  let rawBefore = 0;
  let rawNow = 0;
  const files = readdirSync(recordings).filter((f) => f.endsWith('.jsonl'));
  for (const file of files) {
    const translator = new ClaudeTranslator();
    for (const line of readFileSync(join(recordings, file), 'utf8').split('\n')) {
      if (!line) continue;
      const raw = Buffer.from(`${line}\n`);
      const batch: AgentEvent[] = [];
      for (const event of translator.pushLine(line)) pushCoalesced(batch, event);
      events += batch.length;
      if (batch.length) {
        eventBytes += size(
          eventMessageFrame({ name: 'agentEvents', payload: { agentId, events: batch } }),
        );
      }
      const base64 = { name: 'agentRaw', payload: { agentId, data: raw.toString('base64') } };
      rawBefore += size(JSON.stringify({ type: 'event', event: base64 }));
      rawNow += size(eventMessageFrame({ name: 'agentRaw', payload: { agentId, data: raw } }));
    }
  }
  const perEvent = (bytes: number) => `${(bytes / events).toFixed(0)} B/event`;
  console.log(
    `bytes on the wire over ${files.length} recorded transcripts (${events} events after joining deltas):`,
  );
  console.log(
    `  before (raw bytes always, base64 in JSON): ${perEvent(eventBytes + rawBefore)} (events ${perEvent(eventBytes)} + raw ${perEvent(rawBefore)}, ${(rawBefore / eventBytes).toFixed(1)}× the events)`,
  );
  console.log(`  now, raw view closed: ${perEvent(eventBytes)}`);
  console.log(
    `  now, raw view open (raw as binary frames): ${perEvent(eventBytes + rawNow)} (raw ${perEvent(rawNow)})`,
  );
}

/** A fresh Chromium per measurement, so one cannot inflate the other's memory. */
async function withBrowser<T>(
  dir: string,
  name: string,
  run: (page: Page, userDataDir: string) => Promise<T>,
) {
  const userDataDir = join(dir, `chromium-${name}`);
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    args: [...quietChromium, '--enable-precise-memory-info', '--js-flags=--expose-gc'],
    viewport: { width: 1280, height: 800 },
  });
  try {
    return await run(context.pages()[0] ?? (await context.newPage()), userDataDir);
  } finally {
    await context.close();
  }
}

/**
 * `--smooth` runs only the smooth-under-load scenario; `--profile=<file>` also profiles it, and
 * `--trace=<file>` traces it (each task's CPU time).
 */
async function smooth(dir: string): Promise<void> {
  const app = await startApp(dir, 'smooth', PACED_CLAUDE, SMOOTH_SEED, 25, {
    tokens: SMOOTH_TOKENS,
    beside: SMOOTH_BESIDE,
  });
  try {
    const option = (name: string) =>
      process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
    await withBrowser(dir, 'smooth', (page, profileDir) =>
      smoothUnderLoad(page, profileDir, app.url, RATE, {
        profile: option('profile'),
        trace: option('trace'),
      }),
    );
  } finally {
    await app.stop();
  }
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'agent-bench-'));
  try {
    if (process.argv.includes('--smooth')) return await smooth(dir);
    console.log(`stream: ${TOKENS} text deltas at ${RATE}/s (first ${WARMUP} left out as warm-up)`);
    for (const [paragraph, shape, target] of [
      [25, 'prose in paragraphs of 25 deltas', 30],
      [0, 'one unbroken paragraph (worst case)', 50],
    ] as const) {
      const { dom, arrived, nextFrame, busyMs, cpuMs } = await withBrowser(
        dir,
        `latency-${paragraph}`,
        (page, profile) => latencyToDom(page, profile, dir, paragraph),
      );
      const socket = await latencyToSocket(dir, paragraph);
      const p95 = percentile(settled(dom), 0.95);
      console.log(`${shape}: frame written → text in the transcript DOM: ${summary(dom)}`);
      console.log(`  floor, frame written → at a client that renders nothing: ${summary(socket)}`);
      console.log(`  on the page, frame written → its message arrived: ${summary(arrived)}`);
      console.log(
        `  on the page, frame written → the next animation frame began: ${summary(nextFrame)}`,
      );
      const perDelta = (ms: number) => `${((ms / TOKENS) * 1000).toFixed(0)} µs per delta`;
      console.log(
        `  renderer main thread for the stream: busy ${busyMs.toFixed(0)} ms (${perDelta(busyMs)}), CPU ${cpuMs} ms (${perDelta(cpuMs)})`,
      );
      console.log(`  target p95 < ${target} ms → ${p95 < target ? 'OK' : 'OVER TARGET'}`);
    }

    wireBytes();

    const memory = await withBrowser(dir, 'memory', (page, profile) =>
      memoryOfHugeSession(page, dir, profile),
    );
    console.log(
      `${SEEDED_EVENTS} events: shown in ${memory.loadSeconds.toFixed(1)} s; JS heap ${memory.heapMb.toFixed(0)} MB, renderer PSS ${memory.pssMb.toFixed(0)} MB, ${memory.nodes} DOM nodes`,
    );
    console.log(`target: renderer memory < 300 MB → ${memory.pssMb < 300 ? 'OK' : 'OVER TARGET'}`);

    await smooth(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

void main();
