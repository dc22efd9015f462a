import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { firstTerminal } from './app-page';
import { BrowserMode } from './web-host';

export { BrowserMode };

export const test = base.extend<{ browserMode: BrowserMode }>({
  // Playwright reads a fixture's dependencies from this pattern; this one has none.
  // eslint-disable-next-line no-empty-pattern
  browserMode: async ({}, use, testInfo) => {
    const dir = await mkdtemp(join(tmpdir(), 'browser-mode-e2e-'));
    const [workspace, state, home] = ['workspace', 'state', 'home'].map((name) => join(dir, name));
    await Promise.all([workspace, state, home].map((path) => mkdir(path!, { recursive: true })));
    const mode = new BrowserMode(workspace!, state!, home!);
    await mode.start();
    await use(mode);
    await mode.stop();
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('browser-mode output', {
        body: mode.output,
        contentType: 'text/plain',
      });
    }
    await rm(dir, { recursive: true, force: true });
  },
});

export { expect };

/** Opens the app and returns its first terminal once that has the keyboard focus. */
export async function openApp(page: Page, url: string): Promise<Locator> {
  await page.goto(url);
  return firstTerminal(page);
}
