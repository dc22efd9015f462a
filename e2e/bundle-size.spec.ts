import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { firstTerminal, row, runInTerminal, screenshot } from './support/app-page';
import { expect, test } from './support/browser-mode';

// Budgets for what `npm run test:e2e` has just built into out/: the page must parse all of its
// first chunk before it can paint, and the preload runs before every page load of the window.
const FIRST_LOAD_BUDGET = 800 * 1024;
const PRELOAD_BUDGET = 20 * 1024;
const root = join(__dirname, '..');

/** A class only xterm.js's own code names: its script, whatever chunk the build puts it in. */
const XTERM_MARK = 'xterm-helper-textarea';

/** The scripts the page has fetched, with their sizes and whether xterm is in them, in order. */
function recordScripts(page: Page): { name: string; bytes: number; xterm: boolean }[] {
  const scripts: { name: string; bytes: number; xterm: boolean }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const name = new URL(response.url()).pathname.replace(/^.*\//, '');
    const body = await response.body();
    scripts.push({ name, bytes: body.length, xterm: body.includes(XTERM_MARK) });
  });
  return scripts;
}

const total = (scripts: { bytes: number }[]) => scripts.reduce((sum, s) => sum + s.bytes, 0);

test('the preload stays under 20 KB', async () => {
  const { size } = await stat(join(root, 'out/preload/index.js'));
  expect(size).toBeLessThan(PRELOAD_BUDGET);
});

test('the page loads under 800 KB of JavaScript; a terminal’s code comes with the first terminal', async ({
  page,
  browserMode,
}) => {
  // An empty workspace, so that the first load is the page alone.
  await browserMode.stop();
  await writeFile(
    join(browserMode.stateDir, 'browser-workspace.json'),
    JSON.stringify({ version: 1, layout: null, blocks: {}, focused: null }),
  );
  await browserMode.start();
  const scripts = recordScripts(page);
  await page.goto(browserMode.url);
  await expect(page.getByText('No blocks open.')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const firstLoad = [...scripts];
  test.info().annotations.push({
    type: 'first-load JS',
    description: firstLoad.map((s) => `${s.name} ${s.bytes}`).join(', '),
  });
  expect(total(firstLoad)).toBeGreaterThan(0);
  expect(total(firstLoad)).toBeLessThan(FIRST_LOAD_BUDGET);
  expect(firstLoad.map((s) => s.name)).not.toContainEqual(expect.stringMatching(/^lowlight-/));
  // The usage dialogs and their chart library come when "Usage" first opens.
  expect(firstLoad.map((s) => s.name)).not.toContainEqual(expect.stringMatching(/^usage-/));
  // So do the settings dialogs, when one first opens.
  expect(firstLoad.map((s) => s.name)).not.toContainEqual(
    expect.stringMatching(/^(ClaudeSettings|TetherSettings)-/),
  );

  await page.keyboard.press('Control+Shift+Enter');
  const terminal = await firstTerminal(page);
  await runInTerminal(page, 'echo lazy-$((6*7))');
  await expect(row(terminal, /^lazy-42/)).toBeVisible();
  // xterm's code (the terminal view) comes with the first terminal, not before.
  expect(firstLoad.some((s) => s.xterm)).toBe(false);
  expect(scripts.slice(firstLoad.length).some((s) => s.xterm)).toBe(true);
  await screenshot(page, 'terminal-loaded-on-demand');
});
