import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { defaultSettings } from '../src/shared/settings';
import { row, runInTerminal, screenshot, terminals } from './support/app-page';
import { expect, openApp, test } from './support/browser-mode';

test.describe('settings', () => {
  test('"Open settings file" creates settings.json and, in browser mode, shows where it is', async ({
    page,
    browserMode,
  }) => {
    await openApp(page, browserMode.url);
    await page.keyboard.press('Control+Shift+P');
    await page.keyboard.type('open settings file');
    await page.keyboard.press('Enter');
    const path = join(browserMode.stateDir, 'settings.json');
    await expect(page.getByRole('status').filter({ hasText: path })).toBeVisible();
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual(defaultSettings);
    await screenshot(page, 'settings-path');
  });

  test('an invalid file is reported at the top; a fixed one applies to the next terminal', async ({
    page,
    browserMode,
  }) => {
    const path = join(browserMode.stateDir, 'settings.json');
    await openApp(page, browserMode.url);
    await writeFile(path, '{ "shell": "zsh" }');
    const problem = page.getByRole('alert').filter({ hasText: 'settings.json is not valid' });
    await expect(problem).toContainText('shell:');
    await screenshot(page, 'settings-invalid');

    await writeFile(
      path,
      JSON.stringify({
        shell: { file: '/bin/sh', args: ['-c', 'echo from-settings-shell; exec bash'] },
      }),
    );
    await expect(problem).toHaveCount(0);
    await page.keyboard.press('Control+Shift+Enter');
    await expect(terminals(page)).toHaveCount(2);
    await expect(row(terminals(page).nth(1), /from-settings-shell/)).toBeVisible();
    await runInTerminal(page, 'echo still-a-shell');
    await expect(row(terminals(page).nth(1), /^still-a-shell/)).toBeVisible();
  });
});
