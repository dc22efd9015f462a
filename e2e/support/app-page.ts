import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

// Reading the app as a person would: by role and accessible name, and the terminal's rows as
// xterm's DOM renderer shows them.

export const terminals = (page: Page): Locator => page.getByRole('region', { name: 'Terminal' });
export const agents = (page: Page): Locator => page.getByRole('region', { name: 'Agent' });
export const focusedRegion = (page: Page): Locator => page.locator('[role=region]:focus-within');

/** The app's first terminal, once it has the keyboard focus. */
export async function firstTerminal(page: Page): Promise<Locator> {
  const terminal = terminals(page).first();
  await expect(terminal.locator('textarea')).toBeFocused();
  return terminal;
}

export function row(terminal: Locator, text: RegExp): Locator {
  return terminal.locator('.xterm-rows > div').filter({ hasText: text });
}

export async function runInTerminal(page: Page, command: string): Promise<void> {
  await page.keyboard.type(command);
  await page.keyboard.press('Enter');
}

/** Runs a command by its palette title (the first entry that matches what is typed). */
export async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('Control+Shift+P');
  await page.keyboard.type(title);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toHaveCount(0);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(__dirname, '..', 'screenshots', `${name}.png`) });
}
