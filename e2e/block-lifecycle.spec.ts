import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { focusedRegion, row, runInTerminal, screenshot, terminals } from './support/app-page';
import { expect, openApp, test } from './support/browser-mode';

test.describe('block lifecycle', () => {
  test('closing a terminal that runs a program asks first; Cancel and Escape keep it', async ({
    page,
    browserMode,
  }) => {
    const terminal = await openApp(page, browserMode.url);
    await runInTerminal(page, 'echo started; sleep 100');
    await expect(row(terminal, /^started\s*$/)).toHaveCount(1);

    const confirm = page.getByRole('dialog', { name: /^Close .+\?$/ });
    await expect(async () => {
      await page.keyboard.press('Control+Shift+Backspace');
      await expect(confirm).toBeVisible({ timeout: 1000 });
    }).toPass();
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expect(confirm.getByRole('button', { name: 'Close' })).toBeVisible();
    await screenshot(page, 'close-confirm');
    await page.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    await expect(terminals(page)).toHaveCount(1);
    await expect(terminal.locator('textarea')).toBeFocused();

    await terminal.getByRole('button', { name: /^Close/ }).click();
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(terminals(page)).toHaveCount(1);

    // Back at the prompt, the same terminal closes at once.
    await terminal.locator('textarea').focus();
    await page.keyboard.press('Control+C');
    await runInTerminal(page, 'echo idle-again');
    await expect(row(terminal, /^idle-again\s*$/)).toHaveCount(1);
    await page.keyboard.press('Control+Shift+Backspace');
    await expect(terminals(page)).toHaveCount(0);
    await expect(confirm).toHaveCount(0);
  });

  test('"Reopen closed block" brings a closed terminal back in its place and folder', async ({
    page,
    browserMode,
  }) => {
    await openApp(page, browserMode.url);
    await page.keyboard.press('Control+Shift+D');
    await expect(terminals(page)).toHaveCount(2);
    await runInTerminal(page, 'mkdir -p reopen-here && cd reopen-here && echo moved');
    await expect(row(terminals(page).nth(1), /^moved\s*$/)).toHaveCount(1);
    const saved = join(browserMode.stateDir, 'browser-workspace.json');
    await expect.poll(() => readFile(saved, 'utf8').catch(() => '')).toContain('/reopen-here"');
    const below = await terminals(page).nth(1).boundingBox();

    // An idle terminal closes without asking.
    await page.keyboard.press('Control+Shift+Backspace');
    await expect(terminals(page)).toHaveCount(1);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Browsers keep Ctrl+Shift+T for their own closed tabs, so the palette runs it here.
    await page.keyboard.press('Control+Shift+P');
    await page.keyboard.type('Reopen closed block');
    await page.keyboard.press('Enter');
    await expect(terminals(page)).toHaveCount(2);
    const reopened = terminals(page).nth(1);
    await expect(reopened.locator('textarea')).toBeFocused();
    expect(await reopened.boundingBox()).toEqual(below);
    await runInTerminal(page, 'pwd');
    await expect(
      row(reopened, new RegExp(`^${browserMode.workspaceDir}/reopen-here\\s*$`)),
    ).toHaveCount(1);
    await screenshot(page, 'block-reopened');
  });

  test('"Toggle maximize block" zooms the focused block and back; Ctrl+digit focuses the nth', async ({
    page,
    browserMode,
  }) => {
    await openApp(page, browserMode.url);
    await page.keyboard.press('Control+Shift+Enter');
    await expect(terminals(page)).toHaveCount(2);
    const half = (await terminals(page).nth(1).boundingBox())!.width;
    await page.keyboard.press('Control+1');
    await expect(terminals(page).first().locator('textarea')).toBeFocused();
    await page.keyboard.press('Control+2');
    await expect(terminals(page).nth(1).locator('textarea')).toBeFocused();

    const runCommand = async (title: string) => {
      await page.keyboard.press('Control+Shift+P');
      await page.keyboard.type(title);
      await page.keyboard.press('Enter');
    };
    await runCommand('Toggle maximize block');
    await expect(terminals(page)).toHaveCount(1);
    await expect
      .poll(async () => (await focusedRegion(page).boundingBox())!.width)
      .toBeGreaterThan(half * 1.8);
    await screenshot(page, 'block-maximized');
    await runCommand('Toggle maximize block');
    await expect(terminals(page)).toHaveCount(2);

    await runCommand('Rename block');
    const name = page.getByRole('textbox', { name: 'Block name' });
    await expect(name).toBeFocused();
    await page.keyboard.type('build watcher');
    await page.keyboard.press('Enter');
    await expect(terminals(page).nth(1).locator('.block-title')).toHaveText('build watcher');
    await expect(terminals(page).first().locator('.block-title')).not.toHaveText('build watcher');
  });
});
