import { screenshot } from './support/app-page';
import { expect, test, transcript } from './support/agent-mode';

const EVENTS = 10_000;
const lastTurn = Math.floor(EVENTS / 10) - 1;

// An agent block whose log already holds 10,000 events, as after a long day's session.
test.use({ seedEvents: EVENTS });

test('a 10,000-event transcript stays responsive', async ({ page, agentMode }) => {
  await page.goto(agentMode.browserMode.url);
  const log = transcript(page);
  await expect(log.getByText(`Reply ${lastTurn} done.`).first()).toBeVisible({ timeout: 30_000 });

  // Virtualized: only what is on screen (plus some overscan) is in the DOM.
  const rendered = await log.locator('*').count();
  expect(rendered).toBeLessThan(3000);

  await page.evaluate(() => {
    const w = window as unknown as { __frames: number[] };
    w.__frames = [];
    const tick = (t: number) => {
      w.__frames.push(t);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const box = await log.boundingBox();
  await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
  for (let i = 0; i < 40; i++) {
    await page.mouse.wheel(0, -1500);
    await page.waitForTimeout(25);
  }
  const frames = await page.evaluate(() => (window as unknown as { __frames: number[] }).__frames);
  const gaps = frames
    .slice(1)
    .map((t, i) => t - frames[i]!)
    .sort((a, b) => a - b);
  const p95 = gaps[Math.floor(gaps.length * 0.95)]!;
  console.log(
    `10k transcript scroll: ${gaps.length} frames, median ${gaps[gaps.length >> 1]!.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${gaps.at(-1)!.toFixed(1)} ms`,
  );
  // Generous bounds: a frozen view would show seconds-long gaps.
  expect(gaps.length).toBeGreaterThan(20);
  expect(p95).toBeLessThan(250);
  expect(gaps.at(-1)!).toBeLessThan(2000);
  await expect(log.getByText(/Reply \d+ done\./).first()).toBeVisible();
  await screenshot(page, 'agent-10k-transcript');
});

test('"Find in transcript" searches all 10,000 events and moves to each match', async ({
  page,
  agentMode,
}) => {
  await page.goto(agentMode.browserMode.url);
  const log = transcript(page);
  await expect(log.getByText(`Reply ${lastTurn} done.`).first()).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Control+Shift+F');
  const find = page.getByRole('search', { name: 'Find in transcript' });
  const field = find.getByRole('textbox', { name: 'Find in transcript' });
  await expect(field).toBeFocused();
  const matches = find.getByRole('status', { name: 'Matches' });

  // The first turn, far above what is drawn: found, and scrolled to.
  await field.fill('Question 3:');
  await expect(matches).toHaveText('1 of 1');
  await expect(log.getByText('Question 3: what is in src/module-3.ts?')).toBeVisible();

  await field.fill('Reply 99');
  // Turns 99 and 990–999.
  await expect(matches).toHaveText('1 of 11');
  await page.keyboard.press('Enter');
  await expect(matches).toHaveText('2 of 11');
  await expect(log.getByText('Reply 990 done.')).toBeVisible();
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.press('Shift+Enter');
  await expect(matches).toHaveText('11 of 11');
  await screenshot(page, 'agent-find');
  await page.keyboard.press('Escape');
  await expect(find).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Message Claude' })).toBeFocused();
});
