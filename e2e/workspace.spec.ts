import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  agents,
  focusedRegion,
  row,
  runInTerminal,
  screenshot,
  terminals,
} from './support/app-page';
import { expect, openApp, test } from './support/browser-mode';
import { createFocusAndCloseBlocks } from './support/flows';

test.describe('workspace, keyboard only', () => {
  test('creates, focuses and closes blocks', async ({ page, browserMode }) => {
    await page.goto(browserMode.url);
    await createFocusAndCloseBlocks(page, 'workspace-three-blocks');
  });

  test('the command palette lists every command with its shortcut and runs one', async ({
    page,
    browserMode,
  }) => {
    await openApp(page, browserMode.url);
    await page.keyboard.press('Control+Shift+P');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await expect(palette).toBeVisible();
    const options = palette.getByRole('option');
    await expect(options.filter({ hasText: 'New terminal' }).first()).toContainText(
      'Ctrl+Shift+Enter',
    );
    await expect(options.filter({ hasText: 'New agent' }).first()).toContainText('Ctrl+Shift+A');
    await expect(options.filter({ hasText: 'Close block' })).toContainText('Ctrl+Shift+Backspace');
    expect(await options.count()).toBeGreaterThanOrEqual(14);
    await screenshot(page, 'command-palette');

    await page.keyboard.type('new agent');
    // "New agent in worktree" and "New agent on host…" match too; the plain one comes first.
    await expect(options).toHaveCount(3);
    await expect(options.first()).toHaveText(/^New agent\s*Ctrl\+Shift\+A$/);
    await page.keyboard.press('Enter');
    await expect(palette).toHaveCount(0);
    await expect(agents(page)).toHaveCount(1);
    await expect(focusedRegion(page)).toHaveAttribute('aria-label', 'Agent');

    await page.keyboard.press('Control+Shift+P');
    await page.keyboard.press('Escape');
    await expect(palette).toHaveCount(0);
    await expect(focusedRegion(page)).toHaveAttribute('aria-label', 'Agent');
  });

  test('Tab goes through the top bar and each block’s header, and a key leads out of a terminal', async ({
    page,
    browserMode,
  }) => {
    const terminal = await openApp(page, browserMode.url);
    await page.keyboard.press('Control+Shift+Enter');
    const second = terminals(page).nth(1);
    await expect(second.locator('textarea')).toBeFocused();
    await page.getByRole('button', { name: 'Commands' }).focus();
    await page.keyboard.press('Tab');
    // The first block's header, not straight into a shell.
    await expect(terminal.getByRole('button', { name: 'Close terminal' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(terminal.locator('textarea')).toBeFocused();
    // Tab is the shell's in a terminal; this key leads out, to the block's header.
    // The title, not the close button, so an Enter meant for the shell closes nothing.
    await page.keyboard.press('Control+Shift+E');
    await expect(terminal.locator('.block-title')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(terminal.getByRole('button', { name: 'Close terminal' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: 'Commands' })).toBeFocused();
  });

  test('resizes the focused block from the keyboard', async ({ page, browserMode }) => {
    await openApp(page, browserMode.url);
    await page.keyboard.press('Control+Shift+Enter');
    const [left, right] = [terminals(page).first(), terminals(page).nth(1)];
    await expect(right.locator('textarea')).toBeFocused();
    const width = async (block: typeof left) => (await block.boundingBox())!.width;
    const before = await width(right);
    await page.keyboard.press('Control+Shift+Period');
    await page.keyboard.press('Control+Shift+Period');
    await expect.poll(() => width(right)).toBeGreaterThan(before * 1.3);
    expect(await width(left)).toBeLessThan(before * 0.8);
    await page.keyboard.press('Control+Shift+Comma');
    await expect.poll(() => width(right)).toBeLessThan(before * 1.3);
    await expect(right.locator('textarea')).toBeFocused();
  });

  test('the toolbar buttons work from the keyboard', async ({ page, browserMode }) => {
    await openApp(page, browserMode.url);
    await page.getByRole('button', { name: 'New agent' }).focus();
    await page.keyboard.press('Enter');
    await expect(agents(page)).toHaveCount(1);
    await page.getByRole('button', { name: 'New terminal' }).focus();
    await page.keyboard.press('Space');
    await expect(terminals(page)).toHaveCount(2);
    await expect(terminals(page).nth(1).locator('textarea')).toBeFocused();
  });

  test('the layout and its blocks survive a restart', async ({ page, browserMode }) => {
    await openApp(page, browserMode.url);
    await page.keyboard.press('Control+Shift+A');
    await page.keyboard.press('Control+Shift+D');
    await expect(terminals(page)).toHaveCount(2);
    await runInTerminal(page, 'mkdir -p deeper && cd deeper && echo still-here');
    await expect(row(terminals(page).nth(1), /^still-here\s*$/)).toHaveCount(1);
    // The workspace is saved a moment after each change, the shell's new directory included.
    const saved = join(browserMode.stateDir, 'browser-workspace.json');
    await expect.poll(() => readFile(saved, 'utf8').catch(() => '')).toContain('/deeper"');

    await browserMode.stop();
    await browserMode.start();
    await page.goto(browserMode.url);
    await expect(terminals(page)).toHaveCount(2);
    await expect(agents(page)).toHaveCount(1);
    await expect(terminals(page).nth(1).locator('textarea')).toBeFocused();
    await runInTerminal(page, 'pwd');
    // It reopens where the shell had moved to.
    await expect(
      row(terminals(page).nth(1), new RegExp(`^${browserMode.workspaceDir}/deeper\\s*$`)),
    ).toHaveCount(1);
    await screenshot(page, 'workspace-restored');
  });
});
