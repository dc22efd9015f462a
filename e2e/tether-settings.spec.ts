import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { row, runCommand, runInTerminal, screenshot } from './support/app-page';
import { expect, openApp, test } from './support/browser-mode';

test('"Tether settings" saves to the settings file and an open terminal takes the font and theme at once', async ({
  page,
  browserMode,
}) => {
  const path = join(browserMode.stateDir, 'settings.json');
  await writeFile(path, '{\n  // kept by hand\n  "theme": "dark"\n}\n');
  const terminal = await openApp(page, browserMode.url);
  await runInTerminal(page, 'echo settings-e2e');
  const line = row(terminal, /^settings-e2e/);
  await expect(line).toBeVisible();
  const fontSize = () => line.evaluate((element) => getComputedStyle(element).fontSize);
  const lineHeight = () => line.evaluate((element) => element.getBoundingClientRect().height);
  const background = () =>
    terminal
      .locator('.xterm-scrollable-element')
      .evaluate((element) => getComputedStyle(element).backgroundColor);
  const pageBackground = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await expect.poll(fontSize).toBe('13px');
  await expect.poll(background).toBe('rgb(21, 23, 28)');
  const before = await lineHeight();

  await runCommand(page, 'Tether settings');
  const dialog = page.getByRole('dialog', { name: 'Tether settings' });
  await expect(dialog.getByRole('tab', { name: 'Appearance', selected: true })).toBeFocused();
  await expect(dialog.getByText('apply at once, to the terminals already open too')).toBeVisible();

  const size = dialog.getByLabel('Terminal font size');
  await size.fill('20');
  await size.press('Enter');
  await expect.poll(fontSize).toBe('20px');
  await expect.poll(lineHeight).toBeGreaterThan(before * 1.3);

  await dialog.getByRole('radio', { name: 'Light' }).check();
  await expect.poll(background).toBe('rgb(255, 255, 255)');
  // The page around the terminal turns light with it.
  await expect.poll(pageBackground).toBe('rgb(246, 248, 250)');
  await expect(dialog.getByRole('radio', { name: 'Light' })).toBeChecked();
  await screenshot(page, 'tether-settings');

  await expect
    .poll(() => readFile(path, 'utf8'))
    .toBe('{\n  // kept by hand\n  "theme": "light",\n  "terminalFontSize": 20\n}\n');

  // A value the settings do not allow is refused, and the file stays as it was.
  await size.fill('500');
  await size.press('Enter');
  await expect(dialog.getByRole('alert')).toContainText('terminalFontSize');
  await expect(size).toHaveValue('20');
  expect(await readFile(path, 'utf8')).toContain('"terminalFontSize": 20\n');

  // The file itself, from the dialog: in browser mode, where it is.
  await dialog.getByRole('button', { name: 'Open settings file' }).click();
  await expect(dialog.getByRole('status')).toHaveText(`Settings file: ${path}`);

  // The keyboard reaches every page and every setting on it.
  await dialog.getByRole('tab', { name: 'Appearance' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('tab', { name: 'Notifications', selected: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const needsYou = dialog.getByRole('checkbox', { name: 'A block needs you' });
  await expect(needsYou).toBeFocused();
  await page.keyboard.press('Space');
  await expect(needsYou).not.toBeChecked();
  await expect.poll(() => readFile(path, 'utf8')).toContain('"needsYou": false');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByText('from now on; the blocks already open keep theirs')).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  // An edit in an editor reaches the open terminal too.
  await writeFile(path, '{ "theme": "dark", "terminalFontSize": 16 }\n');
  await expect.poll(fontSize).toBe('16px');
  await expect.poll(background).toBe('rgb(21, 23, 28)');
});
