/**
 * `npm run bench:startup [-- --runs 5]`: how long Tether takes to be usable, and what it adds.
 *
 * 1. From launching browser mode (`web-cli`, as `npm run web` does) to a shell prompt painted in
 *    the terminal block a first start opens.
 * 2. From launching browser mode to an agent block ready: the real Claude Code CLI started and
 *    its `initialize` answered (against a scripted Messages API), and the block showing it.
 * 3. The same shell and CLI spawned directly (a pty running bash; the CLI on pipes, sent
 *    `initialize`), so that the difference is the time the host and the page add.
 * Each is the median of `--runs` runs, each with fresh state. Chromium is started before the clock
 * (it is not Tether's); each run opens a new page. Also the built page's first-load JS and the
 * preload's size, against their budgets.
 */
import { spawn as spawnProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { spawn as spawnPty } from 'node-pty';
import { chromiumPath, quietChromium } from '../playwright.config';
import { BrowserMode } from '../e2e/support/web-host';
import { CLAUDE_ARGS, CLAUDE_BIN, claudeEnv } from '#test/support/claude-cli';
import { startFakeAnthropic, textReply, type FakeAnthropic } from '#test/support/fake-anthropic';
import { median } from './support/stats';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const RUNS = Number(values.runs);
const root = join(__dirname, '..');
const FIRST_LOAD_BUDGET_KB = 800;
const PRELOAD_BUDGET_KB = 20;
const TIMEOUT_MS = 60_000;
// bash with no rc file names itself in its prompt: `bash-5.2$ ` (`#` for root).
const PROMPT = /[$#]\s*$/;

interface Launch {
  /** Browser mode printed its URL (the host listens). */
  listening: number;
  /** The page's DOMContentLoaded. */
  loaded: number;
  /** What was asked for is on screen. */
  ready: number;
}

/** The wall-clock time, in ms, as the page's `performance.timeOrigin + now()` also gives it. */
const now = () => performance.timeOrigin + performance.now();

async function folders(dir: string) {
  const [workspace, state, home] = ['workspace', 'state', 'home'].map((n) => join(dir, n)) as [
    string,
    string,
    string,
  ];
  await Promise.all([workspace, state, home].map((path) => mkdir(path, { recursive: true })));
  return { workspace, state, home };
}

/** Launches browser mode and opens its page; `ready` says when the page shows what is awaited. */
async function launch(
  browser: Browser,
  app: BrowserMode,
  ready: (page: Page) => Promise<number>,
): Promise<Launch> {
  const page = await browser.newPage();
  try {
    const started = now();
    await app.start();
    const listening = now();
    await page.goto(app.url, { waitUntil: 'domcontentloaded' });
    const loaded = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType(
        'navigation',
      ) as PerformanceNavigationTiming[];
      return performance.timeOrigin + navigation!.domContentLoadedEventEnd;
    });
    const readyAt = await ready(page);
    return { listening: listening - started, loaded: loaded - started, ready: readyAt - started };
  } finally {
    await page.close();
    await app.stop();
  }
}

/** When a terminal row first ends in the prompt, checked on every animation frame. */
function promptPainted(page: Page): Promise<number> {
  return page
    .waitForFunction(
      (pattern) => {
        const rows = document.querySelectorAll('.xterm-rows > div');
        const prompt = new RegExp(pattern);
        for (const row of rows) {
          if (prompt.test((row.textContent ?? '').replace(/\u00a0/g, ' '))) {
            return performance.timeOrigin + performance.now();
          }
        }
        return 0;
      },
      PROMPT.source,
      { polling: 'raf', timeout: TIMEOUT_MS },
    )
    .then((handle) => handle.jsonValue());
}

/** When the agent block first shows a state past Starting, checked on every animation frame. */
function agentReady(page: Page): Promise<number> {
  return page
    .waitForFunction(
      () => {
        const state = document.querySelector(
          '[role=region][aria-label=Agent] [aria-label="Block state"]',
        );
        // The frame shows Idle until the block reports; the composer exists once it has.
        const composer = document.querySelector('[aria-label="Message Claude"]');
        const label = state?.textContent ?? '';
        return composer && label && label !== 'Starting'
          ? performance.timeOrigin + performance.now()
          : 0;
      },
      undefined,
      { polling: 'raf', timeout: TIMEOUT_MS },
    )
    .then((handle) => handle.jsonValue());
}

async function terminalRun(browser: Browser, dir: string): Promise<Launch> {
  const { workspace, state, home } = await folders(dir);
  return launch(browser, new BrowserMode(workspace, state, home), promptPainted);
}

async function agentRun(browser: Browser, dir: string, fake: FakeAnthropic): Promise<Launch> {
  const { workspace, state, home } = await folders(dir);
  // A saved workspace of one agent block, so that the page opens straight to it.
  await writeFile(
    join(state, 'browser-workspace.json'),
    JSON.stringify({
      version: 1,
      layout: { type: 'block', blockId: 'agent-1' },
      blocks: { 'agent-1': { kind: 'agent', cwd: workspace } },
      focused: 'agent-1',
    }),
  );
  const app = new BrowserMode(workspace, state, home, {
    ...claudeEnv(home, fake.url),
    TETHER_CLAUDE: CLAUDE_BIN,
  });
  return launch(browser, app, agentReady);
}

/** bash in a pty, as the terminal block starts it but with no host: ms until its prompt. */
async function directShell(dir: string): Promise<number> {
  const { workspace, home } = await folders(dir);
  const started = now();
  const pty = spawnPty('/bin/bash', [], {
    cwd: workspace,
    env: { ...process.env, HOME: home, SHELL: '/bin/bash', TERM: 'xterm-256color' },
  });
  let output = '';
  return new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('bash showed no prompt')), TIMEOUT_MS);
    pty.onData((chunk) => {
      output += chunk;
      if (PROMPT.test(output)) {
        clearTimeout(timer);
        resolve(now() - started);
        pty.kill();
      }
    });
  });
}

/** The CLI with Tether's arguments on pipes, no host: ms until it has answered `initialize`. */
async function directCli(dir: string, fake: FakeAnthropic): Promise<number> {
  const { workspace, home } = await folders(dir);
  const started = now();
  const child = spawnProcess(CLAUDE_BIN, [...CLAUDE_ARGS, '--permission-mode', 'default'], {
    cwd: workspace,
    env: claudeEnv(home, fake.url),
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  child.stdin.write(
    JSON.stringify({
      type: 'control_request',
      request_id: 'bench-init',
      request: { subtype: 'initialize' },
    }) + '\n',
  );
  try {
    return await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the CLI did not initialize')), TIMEOUT_MS);
      child.once('exit', (code) => reject(new Error(`the CLI exited (${code})`)));
      createInterface({ input: child.stdout }).on('line', (line) => {
        if (line.includes('"control_response"') && line.includes('bench-init')) {
          clearTimeout(timer);
          resolve(now() - started);
        }
      });
    });
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill();
    await exited;
  }
}

/** Bytes of the script the built page loads first, and of the preload. */
async function builtSizes(): Promise<{ firstLoadKb: number; preloadKb: number }> {
  const html = await readFile(join(root, 'out/renderer/index.html'), 'utf8');
  const entries = [
    ...html.matchAll(
      /<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\.\/([^"]+\.js)"/g,
    ),
  ];
  let firstLoad = 0;
  for (const [, path] of entries) firstLoad += (await stat(join(root, 'out/renderer', path!))).size;
  const preload = (await stat(join(root, 'out/preload/index.js'))).size;
  return { firstLoadKb: firstLoad / 1024, preloadKb: preload / 1024 };
}

const ms = (values: number[]) => `${median(values).toFixed(0)} ms`;
const all = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'startup-bench-'));
  const fake = await startFakeAnthropic(() => textReply('(not asked)'));
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...quietChromium, '--disable-3d-apis'],
  });
  try {
    const sizes = await builtSizes();
    console.log(
      `first-load JS ${sizes.firstLoadKb.toFixed(0)} KB (target < ${FIRST_LOAD_BUDGET_KB} KB) → ${sizes.firstLoadKb < FIRST_LOAD_BUDGET_KB ? 'OK' : 'OVER TARGET'}`,
    );
    console.log(
      `preload ${sizes.preloadKb.toFixed(1)} KB (target < ${PRELOAD_BUDGET_KB} KB) → ${sizes.preloadKb < PRELOAD_BUDGET_KB ? 'OK' : 'OVER TARGET'}`,
    );
    const terminal: Launch[] = [];
    const agent: Launch[] = [];
    const shell: number[] = [];
    const cli: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      terminal.push(await terminalRun(browser, join(dir, `terminal-${run}`)));
      shell.push(await directShell(join(dir, `shell-${run}`)));
      agent.push(await agentRun(browser, join(dir, `agent-${run}`), fake));
      cli.push(await directCli(join(dir, `cli-${run}`), fake));
    }
    const report = (name: string, runs: Launch[], direct: number[], what: string) => {
      const ready = runs.map((r) => r.ready);
      console.log(`${name}: median of ${RUNS} (runs: ${all(ready)} ms)`);
      console.log(
        `  launch → host listening ${ms(runs.map((r) => r.listening))}, page loaded ${ms(runs.map((r) => r.loaded))}, ${what} ${ms(ready)}`,
      );
      console.log(`  spawned directly: ${ms(direct)} (runs: ${all(direct)} ms)`);
      console.log(
        `  added by Tether (host start, page, blocks): ${(median(ready) - median(direct)).toFixed(0)} ms`,
      );
    };
    report('terminal', terminal, shell, 'shell prompt painted');
    report('agent', agent, cli, 'agent block ready (CLI initialized)');
  } finally {
    await browser.close();
    await fake.close();
    await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

main().catch((error: Error) => {
  console.error(`startup bench failed: ${error.message}`);
  process.exit(1);
});
