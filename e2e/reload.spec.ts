import type { Locator } from '@playwright/test';
import { row, runInTerminal, screenshot, terminals } from './support/app-page';
import { openApp, test, expect } from './support/browser-mode';

test.describe('a reload in browser mode', () => {
  test('keeps the shell: its screen, its scrollback and the program it runs', async ({
    page,
    browserMode,
  }, testInfo) => {
    const terminal = await openApp(page, browserMode.url);
    // 10,000 lines of scrollback, then `cat`, which has to be still running after the reload.
    await runInTerminal(page, 'seq 1 10000; cat');
    await expect(row(terminal, /^10000\s*$/)).toHaveCount(1, { timeout: 30_000 });
    await runInTerminal(page, 'before-reload');
    await expect(row(terminal, /^before-reload\s*$/)).toHaveCount(2);

    const started = Date.now();
    await page.reload();
    const reloaded = page.getByRole('region', { name: 'Terminal' }).first();
    // Checked every animation frame, so the time is the frame the screen came back in, not the
    // next of Playwright's retries (half a second apart by then). The page's own clock starts
    // with the reloaded page's navigation: what the page costs, without the old one's unload.
    const shownAt = await page.waitForFunction(
      () => {
        const rows = [...document.querySelectorAll('.xterm-rows > div')];
        const restored = rows.filter((r) => r.textContent?.trim() === 'before-reload').length >= 2;
        return restored && performance.now();
      },
      undefined,
      { polling: 'raf', timeout: 30_000 },
    );
    const reattachMs = Date.now() - started;
    const pageMs = Math.round(Number(await shownAt.jsonValue()));
    await expect(row(reloaded, /^before-reload\s*$/)).toHaveCount(2);
    await expect(row(reloaded, /^10000\s*$/)).toHaveCount(1);
    testInfo.annotations.push({ type: 'reload-reattach-ms', description: String(reattachMs) });
    console.log(
      `reload to restored screen (10,000 lines of scrollback): ${reattachMs} ms (${pageMs} ms from the reloaded page's start)`,
    );

    // The same `cat`: a fresh shell would answer "command not found".
    await reloaded.click();
    await runInTerminal(page, 'after-reload');
    await expect(row(reloaded, /^after-reload\s*$/)).toHaveCount(2);
    await expect(row(reloaded, /not found/)).toHaveCount(0);

    // The scrollback came back too, down to its first line: drag the scrollbar to the top.
    await reloaded.hover();
    const slider = await reloaded.locator('.scrollbar.vertical .slider').boundingBox();
    await page.mouse.move(slider!.x + slider!.width / 2, slider!.y + slider!.height / 2);
    await page.mouse.down();
    await page.mouse.move(slider!.x + slider!.width / 2, 0, { steps: 5 });
    await page.mouse.up();
    await expect(row(reloaded, /^1\s*$/)).toHaveCount(1);
    await expect(row(reloaded, /^2\s*$/)).toHaveCount(1);
    await screenshot(page, 'reload-scrollback-top');
  });

  test('does not answer the terminal queries of the restored output again', async ({
    page,
    browserMode,
  }) => {
    const terminal = await openApp(page, browserMode.url);
    // A device-attributes query, answered by xterm once when it was printed: `cat -v` shows the
    // answer that reached the program (an empty line ends it).
    const answers = () => row(page.getByRole('region', { name: 'Terminal' }).first(), /\^\[\[\?/);
    await runInTerminal(page, "printf '\\033[c'; cat -v");
    // The answer is echoed as soon as it reaches the pty; typing on before that would let it land
    // in the middle of the next line.
    await expect(answers()).toHaveCount(1);
    // And `cat -v` prints that line once it ends: typed before it has, the next command's first
    // characters would land in front of it (seen under load).
    await runInTerminal(page, '');
    await expect(answers()).toHaveCount(2);
    await runInTerminal(page, 'typed-before');
    await expect(row(terminal, /^typed-before\s*$/)).toHaveCount(2);
    const before = await answers().count();

    await page.reload();
    const reloaded = page.getByRole('region', { name: 'Terminal' }).first();
    await expect(row(reloaded, /^typed-before\s*$/)).toHaveCount(2, { timeout: 30_000 });
    await reloaded.click();
    await runInTerminal(page, 'typed-after');
    await expect(row(reloaded, /^typed-after\s*$/)).toHaveCount(2);
    await expect(answers()).toHaveCount(before);
  });
});

test('a failure the user has looked at does not come back as Failed after a reload', async ({
  page,
  browserMode,
}) => {
  const first = await openApp(page, browserMode.url);
  await page.keyboard.press('Control+Shift+Enter');
  const [left, right] = [terminals(page).first(), terminals(page).nth(1)];
  await expect(right.locator('textarea')).toBeFocused();
  const state = (block: Locator) => block.getByRole('status', { name: 'Block state' });
  await left.locator('textarea').focus();
  await runInTerminal(page, "sh -c 'echo failing-here; exit 3'");
  await expect(row(first, /^failing-here\s*$/)).toHaveCount(1);
  await expect(state(left)).toHaveText('Idle');
  // Looked at while it failed: Idle, also once the focus has moved on.
  await right.locator('textarea').focus();
  await expect(state(left)).toHaveText('Idle');
  await page.waitForTimeout(500); // the workspace saves which block has the focus

  await page.reload();
  // The left block is not the focused one, so only the replay could mark it seen.
  await expect(terminals(page).nth(1).locator('textarea')).toBeFocused();
  await expect(terminals(page)).toHaveCount(2);
  await expect(row(terminals(page).first(), /^failing-here\s*$/)).toHaveCount(1, {
    timeout: 30_000,
  });
  await page.waitForTimeout(500);
  await expect(state(terminals(page).first())).toHaveText('Idle');
});
