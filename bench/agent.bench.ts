/**
 * `npm run bench:agent`: how fast agent output reaches the screen, and what a huge session costs.
 *
 * 1. Latency from a frame entering the host to its text in the transcript's DOM, under 2,000 text
 *    deltas a second: a stand-in CLI (bench/agent/paced-claude.mjs) writes each delta stamped
 *    with the moment it wrote it; the page notes when each one is in the DOM. (The real CLI is
 *    not the subject here: its own pacing would blur what Tether adds.)
 * 2. Renderer memory with a 100,000-event session open (a seeded event log), after GC.
 * Targets: p95 under 50 ms; memory under 300 MB.
 */
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumPath, quietChromium } from '../playwright.config';
import { seedAgentBlock } from '../e2e/support/seed-state';
import { BrowserMode } from '../e2e/support/web-host';

const RATE = 2000;
const TOKENS = 6000;
const WARMUP = 500;
const SEEDED_EVENTS = 100_000;

/** Each delta reads ‹index@written-at-ms›. */
const STAMP = /‹(\d{5})@(\d+)›/g;
const PACED_CLAUDE = join(__dirname, 'agent', 'paced-claude.mjs');

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

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

async function startApp(dir: string, name: string, claude: string, seed = 0, paragraph = 25) {
  const [workspace, state, home] = ['workspace', 'state', 'home'].map((n) =>
    join(dir, name, n),
  ) as [string, string, string];
  await Promise.all([workspace, state, home].map((p) => mkdir(p, { recursive: true })));
  if (seed) await seedAgentBlock(state, workspace, seed);
  const app = new BrowserMode(workspace, state, home, {
    TETHER_CLAUDE: claude,
    PACED_RATE: String(RATE),
    PACED_TOKENS: String(TOKENS),
    PACED_PARAGRAPH: String(paragraph),
  });
  await app.start();
  return app;
}

async function latencyToDom(page: Page, dir: string, paragraph: number): Promise<number[]> {
  const app = await startApp(dir, `latency-${paragraph}`, PACED_CLAUDE, 0, paragraph);
  try {
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
      new MutationObserver(() => {
        const now = Date.now();
        // The newest item holds the streaming text; older tokens are already noted.
        for (const match of (log.textContent ?? '').slice(-50_000).matchAll(re)) {
          const i = Number(match[1]);
          w.__latency[i] ??= now - Number(match[2]);
        }
      }).observe(log, { subtree: true, childList: true, characterData: true });
    }, STAMP.source);
    await composer.fill('stream');
    await composer.press('Enter');
    await page
      .getByText(`‹${String(TOKENS - 1).padStart(5, '0')}@`)
      .first()
      .waitFor({ timeout: 120_000 });
    const seen = await page.evaluate(
      () => (window as unknown as { __latency: number[] }).__latency,
    );
    return Array.from({ length: TOKENS }, (_, i) => seen[i] ?? NaN);
  } finally {
    await app.stop();
  }
}

async function rendererPssMb(userDataDir: string): Promise<number> {
  let kb = 0;
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmdline.includes(userDataDir) || !cmdline.includes('--type=renderer')) continue;
      // Proportional set size: shared pages count once across Chromium's processes.
      const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8');
      kb += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // The process ended while we looked.
    }
  }
  return kb / 1024;
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

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'agent-bench-'));
  try {
    console.log(`stream: ${TOKENS} text deltas at ${RATE}/s (first ${WARMUP} left out as warm-up)`);
    for (const [paragraph, shape] of [
      [25, 'prose in paragraphs of 25 deltas'],
      [0, 'one unbroken paragraph (worst case)'],
    ] as const) {
      const dom = await withBrowser(dir, `latency-${paragraph}`, (page) =>
        latencyToDom(page, dir, paragraph),
      );
      const p95 = percentile(settled(dom), 0.95);
      console.log(`${shape}: frame written → text in the transcript DOM: ${summary(dom)}`);
      console.log(`  target p95 < 50 ms → ${p95 < 50 ? 'OK' : 'OVER TARGET'}`);
    }

    const memory = await withBrowser(dir, 'memory', (page, profile) =>
      memoryOfHugeSession(page, dir, profile),
    );
    console.log(
      `${SEEDED_EVENTS} events: shown in ${memory.loadSeconds.toFixed(1)} s; JS heap ${memory.heapMb.toFixed(0)} MB, renderer PSS ${memory.pssMb.toFixed(0)} MB, ${memory.nodes} DOM nodes`,
    );
    console.log(`target: renderer memory < 300 MB → ${memory.pssMb < 300 ? 'OK' : 'OVER TARGET'}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

void main();
