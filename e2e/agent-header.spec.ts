import type { Locator, Page } from '@playwright/test';
import { lastToolResults, textReply, toolUseReply } from '#test/support/fake-anthropic';
import { runCommand, screenshot } from './support/app-page';
import { ask, expect, openAgent, test, transcript } from './support/agent-mode';

const HEADER_WIDTH = 600;

/** Answers each Bash permission dialog (if the CLI asks) with `y` until `reached` passes. */
async function allow(page: Page, reached: () => Promise<void>): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Permission request: Bash' });
  await expect(async () => {
    if (await dialog.isVisible()) {
      await page.waitForTimeout(600); // the dialog ignores keys at first, by design
      await page.keyboard.press('y');
    }
    await reached();
  }).toPass({ timeout: 60_000 });
}

/** Makes the agent block fill a window whose width leaves its header exactly 600 px wide. */
async function headerAt600(page: Page, agent: Locator): Promise<Locator> {
  await runCommand(page, 'Toggle maximize block');
  const header = agent.locator('.agent-header');
  const { width: viewport, height } = page.viewportSize()!;
  const margin = viewport - (await header.boundingBox())!.width;
  await page.setViewportSize({ width: HEADER_WIDTH + margin, height });
  await expect.poll(async () => (await header.boundingBox())!.width).toBe(HEADER_WIDTH);
  return header;
}

/** The header's height, the tallest control in it, and whether anything spills out sideways. */
function measure(header: Locator) {
  return header.evaluate((element) => {
    const controls = [...element.querySelectorAll('select, button, [role=status]')];
    const tallest = Math.max(...controls.map((control) => control.getBoundingClientRect().height));
    const style = getComputedStyle(element);
    const chrome =
      parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) + parseFloat(style.rowGap);
    // Controls of one row differ in height but share their middle (give or take a few px).
    const middles = controls
      .map((control) => {
        const box = control.getBoundingClientRect();
        return box.top + box.height / 2;
      })
      .sort((a, b) => a - b);
    const rows = middles.filter((middle, i) => i === 0 || middle - middles[i - 1]! > 6);
    return {
      height: element.getBoundingClientRect().height,
      twoRows: 2 * tallest + chrome + 2,
      rows: rows.length,
      spills: element.scrollWidth > element.clientWidth,
    };
  });
}

test.describe('the agent header and large tool output, against the real CLI', () => {
  test('the header fits in two rows at 600 px while a tool runs, saying which, with the time', async ({
    page,
    agentMode,
  }) => {
    agentMode.script(({ body }) =>
      lastToolResults(body).length === 0
        ? toolUseReply({ name: 'Bash', input: { command: 'sleep 10; touch slept.txt' } })
        : textReply('Slept well.'),
    );
    const agent = await openAgent(page, agentMode.browserMode.url);
    const header = await headerAt600(page, agent);
    // Before the first message the model is not known: nothing says so in its place.
    await expect(header).not.toContainText('after the first message');
    await ask(page, agent, 'sleep');
    const status = agent.getByRole('status', { name: 'Session status' });
    // The command writes a file: the CLI asks first (the tool shows as running until it does).
    const dialog = page.getByRole('dialog', { name: 'Permission request: Bash' });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await expect(status).toHaveText('Waiting for you');
    await page.waitForTimeout(600); // the dialog ignores keys at first, by design
    await page.keyboard.press('y');
    await expect(status).toHaveText('Running Bash');
    await expect(header.locator('.agent-spinner')).toBeVisible();
    const working = await measure(header);
    await screenshot(page, 'agent-header-600-working');
    await expect(transcript(agent).getByText('Slept well.')).toBeVisible({ timeout: 30_000 });
    await expect(status).toHaveText('Idle');
    await expect(agent.getByRole('combobox', { name: 'Permission mode' })).toHaveText(
      /Ask before edits/,
    );
    const idle = await measure(header);
    await screenshot(page, 'agent-header-600-idle');
    console.log(
      `agent header at ${HEADER_WIDTH} px: ${working.height} px working, ${idle.height} px idle (two rows: ≤ ${working.twoRows} px)`,
    );
    for (const measured of [working, idle]) {
      expect(measured.rows).toBe(2);
      expect(measured.height).toBeLessThanOrEqual(measured.twoRows);
      expect(measured.spills).toBe(false);
    }
  });

  test('thousands of output lines show as a counted preview, then whole in a bounded scroll box; an output the CLI saved shows its file', async ({
    page,
    agentMode,
  }) => {
    agentMode.script(({ body }) => {
      const said = JSON.stringify(body.messages);
      if (!said.includes('seq 1 4812'))
        return toolUseReply({ name: 'Bash', input: { command: 'seq 1 4812' } });
      // Far over what the CLI sends the model: it saves the output to a file instead.
      if (!said.includes('seq 1 300000'))
        return toolUseReply({ name: 'Bash', input: { command: 'seq 1 300000' } });
      return textReply('Counted both.');
    });
    const agent = await openAgent(page, agentMode.browserMode.url);
    await ask(page, agent, 'count');
    await allow(page, () =>
      expect(transcript(agent).getByText('Counted both.')).toBeVisible({ timeout: 1_000 }),
    );

    const card = agent.getByRole('group', { name: 'Bash: seq 1 4812' });
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByText('Showing 20 of 4,812 lines — 4,792 hidden')).toBeVisible();
    const output = card.getByLabel('Bash output');
    const folded = (await output.boundingBox())!.height;
    await card.getByRole('button', { name: 'Show all 4,812 lines' }).click();
    await expect(output).toContainText('4812');
    const box = await output.evaluate((element) => ({
      height: element.getBoundingClientRect().height,
      scrollHeight: element.scrollHeight,
      window: window.innerHeight,
    }));
    // Grown, but to a bound (60% of the window) with the rest a scroll away, never 4,812 lines tall.
    expect(box.height).toBeGreaterThan(folded);
    expect(box.height).toBeLessThanOrEqual(box.window * 0.6 + 20); // + its padding and border
    expect(box.scrollHeight).toBeGreaterThan(box.height * 5);
    await card.evaluate((element) => element.scrollIntoView());
    await screenshot(page, 'agent-large-output');

    const saved = agent.getByRole('group', { name: 'Bash: seq 1 300000' });
    await saved.scrollIntoViewIfNeeded();
    await expect(saved).toContainText(/Output too large \([\d.]+[KM]B\): saved to/);
    await expect(saved.locator('code')).toHaveText(/\S+\.txt$/);
    await expect(saved).toContainText('Preview (first 2KB):');
    await expect(saved).not.toContainText('persisted-output');
    await screenshot(page, 'agent-saved-output');
  });
});
