import { expect, type Page } from '@playwright/test';
import {
  agents,
  firstTerminal,
  focusedRegion,
  row,
  runInTerminal,
  screenshot,
  terminals,
} from './app-page';

// The flows issue 4 asks for, written once and run against browser mode and against Electron.
// Each starts with the app loaded on a fresh workspace (one terminal, focused).

export async function echoInNewTerminal(
  page: Page,
  workspaceDir: string,
  shot: string,
): Promise<void> {
  await firstTerminal(page);
  await page.keyboard.press('Control+Shift+Enter');
  await expect(terminals(page)).toHaveCount(2);
  const second = terminals(page).nth(1);
  await expect(second.locator('textarea')).toBeFocused();
  await runInTerminal(page, 'echo hello-$((6*7))');
  await expect(row(second, /^hello-42\s*$/)).toHaveCount(1);
  await runInTerminal(page, 'pwd');
  await expect(row(second, new RegExp(`^${workspaceDir}\\s*$`))).toHaveCount(1);
  await screenshot(page, shot);
}

export async function seqShowsLastLine(page: Page, shot: string): Promise<void> {
  const terminal = await firstTerminal(page);
  await runInTerminal(page, 'seq 1 200000');
  await expect(row(terminal, /^200000\s*$/)).toHaveCount(1, { timeout: 30_000 });
  await expect(row(terminal, /^199999\s*$/)).toHaveCount(1);
  await screenshot(page, shot);
}

export async function interruptYes(page: Page, shot: string): Promise<void> {
  const terminal = await firstTerminal(page);
  await runInTerminal(page, 'yes');
  await expect(row(terminal, /^y\s*$/).first()).toBeVisible();
  await page.keyboard.press('Control+C');
  await runInTerminal(page, 'echo after-$((40+2))');
  await expect(row(terminal, /^after-42\s*$/)).toHaveCount(1, { timeout: 15_000 });
  await screenshot(page, shot);
}

export async function createFocusAndCloseBlocks(page: Page, shot: string): Promise<void> {
  const first = await firstTerminal(page);
  await expect(page.getByRole('button', { name: 'New terminal' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New agent' })).toBeVisible();

  await page.keyboard.press('Control+Shift+A');
  await expect(agents(page)).toHaveCount(1);
  await expect(focusedRegion(page)).toHaveAttribute('aria-label', 'Agent');

  await page.keyboard.press('Control+Shift+D');
  await expect(terminals(page)).toHaveCount(2);
  const below = terminals(page).nth(1);
  await expect(below.locator('textarea')).toBeFocused();
  await screenshot(page, shot);

  // The new terminal sits below the agent: up goes to the agent, left to the first terminal.
  await page.keyboard.press('Control+Shift+ArrowUp');
  await expect(focusedRegion(page)).toHaveAttribute('aria-label', 'Agent');
  await page.keyboard.press('Control+Shift+ArrowLeft');
  await expect(first.locator('textarea')).toBeFocused();
  await page.keyboard.press('Control+Shift+BracketRight');
  await expect(focusedRegion(page)).toHaveAttribute('aria-label', 'Agent');
  await page.keyboard.press('Control+Shift+BracketRight');
  await expect(below.locator('textarea')).toBeFocused();
  await page.keyboard.press('Control+Shift+BracketLeft');
  await expect(focusedRegion(page)).toHaveAttribute('aria-label', 'Agent');

  await page.keyboard.press('Control+Shift+Backspace');
  await expect(agents(page)).toHaveCount(0);
  await expect(terminals(page)).toHaveCount(2);
  await expect(focusedRegion(page)).toHaveAttribute('aria-label', 'Terminal');
  await page.keyboard.press('Control+Shift+Backspace');
  await page.keyboard.press('Control+Shift+Backspace');
  await expect(terminals(page)).toHaveCount(0);
  await expect(page.getByText('No blocks open')).toHaveText(
    'No blocks open. Press Ctrl+Shift+Enter for a terminal, Ctrl+Shift+A for an agent, or Ctrl+Shift+P for all commands.',
  );

  await page.keyboard.press('Control+Shift+Enter');
  await expect(terminals(page).first().locator('textarea')).toBeFocused();
}
