/**
 * `npm run bench:memory [-- --idle-minutes 30]`: what a full day's workspace costs, and whether it
 * grows while nothing happens.
 *
 * Browser mode with 10 terminal blocks, each with 10,000 lines of scrollback (written by `seq`),
 * and 10 agent blocks, each reopened on a 5,000-event transcript (seeded event logs; a stand-in
 * CLI, bench/agent/paced-claude.mjs, answers for each session so that no real CLI's memory is in
 * the way). Reports the host's RSS (the browser-mode process) and the renderer's PSS (Chromium's
 * renderer processes, from /proc/<pid>/smaps_rollup), after a garbage collection in the page;
 * then again every minute while idle. Target: renderer < 600 MB, and no growth over idle.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { chromiumPath, quietChromium } from '../playwright.config';
import { BrowserMode } from '../e2e/support/web-host';
import { syntheticEvents } from '#test/support/synthetic-transcript';
import { processesWith, rendererPssMb, rssMb } from './support/process-memory';

const { values } = parseArgs({ options: { 'idle-minutes': { type: 'string', default: '30' } } });
const IDLE_MINUTES = Number(values['idle-minutes']);
const TERMINALS = 10;
const AGENTS = 10;
const SCROLLBACK_LINES = 10_000;
const EVENTS = 5_000;
const RENDERER_TARGET_MB = 600;
// Growth below this over the idle time is noise (allocator, JIT), not a leak.
const GROWTH_TOLERANCE_MB = 10;
const SETTLE_MS = 60_000;
const PACED_CLAUDE = join(__dirname, 'agent', 'paced-claude.mjs');

type Layout = { type: 'block'; blockId: string } | { type: 'split'; [key: string]: unknown };

/** Rows of five blocks each, stacked: every block big enough for a terminal of about 90 columns. */
function grid(ids: string[]): Layout {
  const rows: Layout[] = [];
  for (let i = 0; i < ids.length; i += 5) {
    const row = ids.slice(i, i + 5);
    rows.push({
      type: 'split',
      id: `row-${i / 5}`,
      orientation: 'horizontal',
      children: row.map((blockId) => ({ type: 'block', blockId })),
      sizes: row.map(() => 100 / row.length),
    });
  }
  return {
    type: 'split',
    id: 'rows',
    orientation: 'vertical',
    children: rows,
    sizes: rows.map(() => 100 / rows.length),
  };
}

/** Saves the workspace: the terminals, then the agents, each agent with its event log. */
async function seed(stateDir: string, workspaceDir: string): Promise<void> {
  const terminals = Array.from({ length: TERMINALS }, (_, i) => `terminal-${i}`);
  const agents = Array.from({ length: AGENTS }, (_, i) => `agent-${i}`);
  const blocks: Record<string, { kind: string; cwd: string }> = {};
  for (const id of terminals) blocks[id] = { kind: 'terminal', cwd: workspaceDir };
  for (const id of agents) blocks[id] = { kind: 'agent', cwd: workspaceDir };
  await writeFile(
    join(stateDir, 'browser-workspace.json'),
    JSON.stringify({
      version: 1,
      layout: grid([...terminals, ...agents]),
      blocks,
      focused: terminals[0],
    }),
  );
  await mkdir(join(stateDir, 'agents'), { recursive: true });
  const log = syntheticEvents(EVENTS)
    .map((event) => JSON.stringify(event) + '\n')
    .join('');
  await Promise.all(agents.map((id) => writeFile(join(stateDir, 'agents', `${id}.jsonl`), log)));
}

/** Fills each terminal's scrollback, and waits until every one shows its last line. */
async function fillTerminals(page: Page): Promise<void> {
  const terminals = page.getByRole('region', { name: 'Terminal' });
  await terminals
    .nth(TERMINALS - 1)
    .locator('.xterm-rows')
    .waitFor({ timeout: 120_000 });
  for (let i = 0; i < TERMINALS; i++) {
    await terminals.nth(i).locator('textarea').focus();
    await page.keyboard.type(
      `seq -f 'line %g of ${SCROLLBACK_LINES}: words to make it as wide as a log line' 1 ${SCROLLBACK_LINES}\n`,
    );
  }
  for (let i = 0; i < TERMINALS; i++) {
    await terminals
      .nth(i)
      .locator('.xterm-rows > div')
      .filter({ hasText: `line ${SCROLLBACK_LINES} of` })
      .waitFor({ timeout: 300_000 });
  }
}

async function agentsShown(page: Page): Promise<void> {
  const lastTurn = syntheticEvents(EVENTS).filter((e) => e.type === 'user_message').length - 1;
  const agents = page.getByRole('region', { name: 'Agent' });
  for (let i = 0; i < AGENTS; i++) {
    // Reopened at its end: the last turn's question is on screen.
    await agents.nth(i).getByText(`Question ${lastTurn}:`).first().waitFor({ timeout: 300_000 });
  }
}

interface Sample {
  minute: number;
  hostMb: number;
  rendererMb: number;
}

async function sample(page: Page, hostPid: number, profile: string, minute: number) {
  await page.evaluate(() => (window as unknown as { gc?: () => void }).gc?.());
  await page.waitForTimeout(1_000);
  return { minute, hostMb: await rssMb(hostPid), rendererMb: await rendererPssMb(profile) };
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'memory-bench-'));
  const [workspace, state, home, profile] = ['workspace', 'state', 'home', 'chromium'].map((n) =>
    join(dir, n),
  ) as [string, string, string, string];
  await Promise.all([workspace, state, home].map((path) => mkdir(path, { recursive: true })));
  await seed(state, workspace);
  const app = new BrowserMode(workspace, state, home, { TETHER_CLAUDE: PACED_CLAUDE });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: [...quietChromium, '--disable-3d-apis', '--js-flags=--expose-gc'],
    // Four rows of five blocks, each about 770 × 540 pixels.
    viewport: { width: 3840, height: 2160 },
  });
  try {
    await app.start();
    const [hostPid] = await processesWith('web-cli', state);
    if (hostPid === undefined) throw new Error('browser mode’s process was not found');
    const page = context.pages()[0] ?? (await context.newPage());
    const started = Date.now();
    await page.goto(app.url);
    await agentsShown(page);
    await fillTerminals(page);
    console.log(
      `${TERMINALS} terminals × ${SCROLLBACK_LINES} lines, ${AGENTS} agents × ${EVENTS} events: open and filled in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    // Just filled, both still hold what the flood left (socket buffers, xterm's write queue,
    // Chromium's caches): the idle baseline is taken once that has settled.
    await page.waitForTimeout(SETTLE_MS);
    const samples: Sample[] = [await sample(page, hostPid, profile, 0)];
    const show = ({ minute, hostMb, rendererMb }: Sample) =>
      console.log(
        `  ${String(minute).padStart(3)} min idle: host RSS ${hostMb.toFixed(0)} MB, renderer PSS ${rendererMb.toFixed(0)} MB`,
      );
    show(samples[0]!);
    for (let minute = 1; minute <= IDLE_MINUTES; minute++) {
      await page.waitForTimeout(60_000);
      samples.push(await sample(page, hostPid, profile, minute));
      show(samples.at(-1)!);
    }
    const first = samples[0]!;
    const last = samples.at(-1)!;
    console.log(
      `renderer ${first.rendererMb.toFixed(0)} MB (target < ${RENDERER_TARGET_MB} MB) → ${first.rendererMb < RENDERER_TARGET_MB ? 'OK' : 'OVER TARGET'}`,
    );
    if (IDLE_MINUTES > 0) {
      const growth = (key: 'hostMb' | 'rendererMb') => last[key] - first[key];
      const grew = Math.max(growth('hostMb'), growth('rendererMb'));
      console.log(
        `over ${IDLE_MINUTES} min idle: host ${growth('hostMb').toFixed(1)} MB, renderer ${growth('rendererMb').toFixed(1)} MB (target: no growth, < ${GROWTH_TOLERANCE_MB} MB) → ${grew < GROWTH_TOLERANCE_MB ? 'OK' : 'GREW'}`,
      );
    }
  } finally {
    await context.close();
    await app.stop();
    await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

main().catch((error: Error) => {
  console.error(`memory bench failed: ${error.message}`);
  process.exit(1);
});
