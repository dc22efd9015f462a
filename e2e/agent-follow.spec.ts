import { textReply } from '#test/support/fake-anthropic';
import { screenshot } from './support/app-page';
import { ask, expect, openAgent, test, transcript } from './support/agent-mode';

const LINES = 120;
const reply = Array.from({ length: LINES }, (_, i) => `Line ${i + 1} of the reply.`).join('\n\n');

test('the transcript follows a streaming reply at its end and stays put once scrolled up', async ({
  page,
  agentMode,
}) => {
  agentMode.script(() => textReply(reply, { chunks: LINES, delayMs: 50 }));
  const agent = await openAgent(page, agentMode.browserMode.url);
  const log = transcript(agent);
  await ask(page, agent, 'count slowly');

  // Far taller than the view by now, and its newest line on screen: it followed.
  await expect(log.getByText('Line 40 of the reply.')).toBeAttached({ timeout: 20_000 });
  const newest = log.getByText(/^Line \d+ of the reply\.$/).last();
  await expect(newest).toBeInViewport();
  expect(await log.evaluate((e) => e.scrollHeight > 2 * e.clientHeight)).toBe(true);

  // The user scrolls up to read: the view stays there while the reply goes on below.
  const box = (await log.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -400);
  await expect.poll(() => log.evaluate((e) => e.scrollTop)).toBeGreaterThan(0);
  await page.waitForTimeout(200);
  const readingAt = await log.evaluate((e) => e.scrollTop);
  await expect(log.getByText(`Line ${LINES} of the reply.`)).toBeAttached({ timeout: 20_000 });
  await page.waitForTimeout(500);
  expect(await log.evaluate((e) => e.scrollTop)).toBe(readingAt);
  await expect(log.getByText(`Line ${LINES} of the reply.`)).not.toBeInViewport();
  await screenshot(page, 'agent-scrolled-up-while-streaming');

  // Back to the end by hand: it follows again.
  await page.mouse.wheel(0, 100_000);
  await expect(log.getByText(`Line ${LINES} of the reply.`)).toBeInViewport();
  await ask(page, agent, 'again');
  await expect(log.getByText('Line 30 of the reply.').last()).toBeAttached({ timeout: 20_000 });
  await expect(newest).toBeInViewport();
});
