import type { Locator } from '@playwright/test';
import { lastToolResults, textReply, toolUseReply } from '#test/support/fake-anthropic';
import { runInTerminal, screenshot, terminals } from './support/app-page';
import { agentThatRemembers, ask, expect, openAgent, test } from './support/agent-mode';

/**
 * The text of `scope` that falls under WCAG's 4.5:1 against the first opaque background behind
 * it: each element with text of its own, as "text: ratio".
 */
const lowContrast = (scope: Locator) =>
  scope.evaluate((root) => {
    const rgb = (colour: string) => colour.match(/[\d.]+/g)!.map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const [R, G, B] = [r!, g!, b!].map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
    };
    const backgroundOf = (element: Element) => {
      for (let behind: Element | null = element; behind; behind = behind.parentElement) {
        const colour = rgb(getComputedStyle(behind).backgroundColor);
        if (colour[3] === undefined || colour[3] === 1) return colour;
      }
      return [0, 0, 0];
    };
    const low: string[] = [];
    for (const element of [root, ...root.querySelectorAll('*')]) {
      const own = [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent!.trim())
        .join(' ')
        .trim();
      if (!own || (element as HTMLElement).offsetParent === null) continue;
      const [lighter, darker] = [
        luminance(rgb(getComputedStyle(element).color)),
        luminance(backgroundOf(element)),
      ].sort((a, b) => b - a);
      const ratio = (lighter! + 0.05) / (darker! + 0.05);
      if (ratio < 4.5) low.push(`${own}: ${ratio.toFixed(2)}`);
    }
    return low;
  });

for (const colorScheme of ['dark', 'light'] as const) {
  test.describe(`readable in the ${colorScheme} theme`, () => {
    test.beforeEach(async ({ page }) => page.emulateMedia({ colorScheme }));

    test('the permission dialog, its notes included', async ({ page, agentMode }) => {
      agentMode.script(({ body }) =>
        lastToolResults(body).length
          ? textReply('Done.')
          : toolUseReply({ name: 'Bash', input: { command: 'touch made.txt' } }),
      );
      const agent = await openAgent(page, agentMode.browserMode.url);
      await ask(page, agent, 'make the file');
      const prompt = page.getByRole('dialog', { name: 'Permission request: Bash' });
      await expect(prompt).toBeVisible();
      await expect(prompt.getByText(/Always allow keeps the rule/)).toBeVisible();
      expect(await lowContrast(prompt)).toEqual([]);
      await screenshot(page, `polish-permission-${colorScheme}`);
    });

    test('the library’s selected session', async ({ page, agentMode }) => {
      await agentThatRemembers(page, agentMode);
      await page.keyboard.press('Control+Shift+H');
      const library = page.getByRole('dialog', { name: 'Session library' });
      const selected = library
        .getByRole('listbox', { name: 'Sessions' })
        .getByRole('option', { selected: true });
      await expect(selected).toContainText('live');
      expect(await lowContrast(selected)).toEqual([]);
      await screenshot(page, `polish-library-${colorScheme}`);
    });
  });
}

test('a long running command in a narrow header ends in an ellipsis before the close button', async ({
  page,
  agentMode,
}) => {
  await page.setViewportSize({ width: 480, height: 600 });
  await page.goto(agentMode.browserMode.url);
  const terminal = terminals(page).first();
  await expect(terminal.locator('textarea')).toBeFocused();
  await runInTerminal(page, 'sleep 30 # with a comment long enough to fill the header twice over');
  const state = terminal.getByRole('status', { name: 'Block state' });
  await expect(state).toHaveText(/^Running sleep 30/);
  const close = await terminal.getByRole('button', { name: 'Close terminal' }).boundingBox();
  const label = await state.boundingBox();
  expect(label!.x + label!.width).toBeLessThanOrEqual(close!.x);
  expect(
    await state.evaluate((element) => ({
      cut: element.scrollWidth > element.clientWidth,
      ellipsis: getComputedStyle(element).textOverflow,
    })),
  ).toEqual({ cut: true, ellipsis: 'ellipsis' });
  await screenshot(page, 'polish-running-narrow');
});

test('terminal titles are the same after a reload', async ({ page, agentMode }) => {
  await page.goto(agentMode.browserMode.url);
  await expect(terminals(page).first().locator('textarea')).toBeFocused();
  await page.keyboard.press('Control+Shift+Enter');
  await expect(terminals(page)).toHaveCount(2);
  await expect(terminals(page).nth(1).locator('textarea')).toBeFocused();
  await page.keyboard.press('Control+Shift+Enter');
  await expect(terminals(page)).toHaveCount(3);
  await expect(terminals(page).nth(2).locator('textarea')).toBeFocused();
  await runInTerminal(page, 'vi notes.txt');
  await expect(terminals(page).nth(2).getByRole('status', { name: 'Block state' })).toHaveText(
    /^Running vi/,
  );
  const titles = () => page.locator('.block-title').allTextContents();
  const before = await titles();
  expect(before).toHaveLength(3);
  await page.waitForTimeout(1000); // the workspace saves
  await page.reload();
  await expect(terminals(page)).toHaveCount(3);
  await expect.poll(titles).toEqual(before);
  // And they stay so once the restored screens have been read again.
  await page.waitForTimeout(2000);
  expect(await titles()).toEqual(before);
});
