import {
  expect,
  openApp,
  row,
  runInTerminal,
  screenshot,
  terminals,
  test,
} from './support/browser-mode';

test.describe('terminal block in browser mode', () => {
  test('opens from the keyboard and runs echo', async ({ page, browserMode }) => {
    await openApp(page, browserMode.url);
    await expect(terminals(page)).toHaveCount(1);
    await page.keyboard.press('Control+Shift+Enter');
    await expect(terminals(page)).toHaveCount(2);
    const second = terminals(page).nth(1);
    await expect(second.locator('textarea')).toBeFocused();
    await runInTerminal(page, 'echo hello-$((6*7))');
    await expect(row(second, /^hello-42\s*$/)).toHaveCount(1);
    await runInTerminal(page, 'pwd');
    await expect(row(second, new RegExp(`^${browserMode.workspaceDir}\\s*$`))).toHaveCount(1);
    await screenshot(page, 'terminal-echo');
  });

  test('shows the last line of seq 1 200000', async ({ page, browserMode }) => {
    const terminal = await openFirstTerminal(page, browserMode.url);
    await runInTerminal(page, 'seq 1 200000');
    await expect(row(terminal, /^200000\s*$/)).toHaveCount(1, { timeout: 30_000 });
    await expect(row(terminal, /^199999\s*$/)).toHaveCount(1);
    await screenshot(page, 'terminal-seq');
  });

  test('Ctrl+C during yes returns the prompt', async ({ page, browserMode }) => {
    const terminal = await openFirstTerminal(page, browserMode.url);
    await runInTerminal(page, 'yes');
    await expect(row(terminal, /^y\s*$/).first()).toBeVisible();
    await page.keyboard.press('Control+C');
    await runInTerminal(page, 'echo after-$((40+2))');
    await expect(row(terminal, /^after-42\s*$/)).toHaveCount(1, { timeout: 15_000 });
    await screenshot(page, 'terminal-yes-interrupted');
  });

  test('says when the shell exits and restarts it', async ({ page, browserMode }) => {
    const terminal = await openFirstTerminal(page, browserMode.url);
    await runInTerminal(page, 'exit 3');
    await expect(terminal.getByRole('status')).toHaveText(/exited with code 3/);
    const restart = terminal.getByRole('button', { name: 'Restart shell' });
    await expect(restart).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(terminal.getByRole('status')).toHaveCount(0);
    await runInTerminal(page, 'echo again-$((1+1))');
    await expect(row(terminal, /^again-2\s*$/)).toHaveCount(1);
  });
});
