import { row, runCommand, runInTerminal, screenshot, terminals } from './support/app-page';
import { openApp, test, expect } from './support/browser-mode';

// The harness starts bash, which gets Tether's shell integration: the marks drive these.

test.describe('terminal shell integration in browser mode', () => {
  test('marks a failed command, copies its output and goes back to it', async ({
    page,
    context,
    browserMode,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: browserMode.origin,
    });
    const terminal = await openApp(page, browserMode.url);
    const state = terminal.getByRole('status', { name: 'Block state' });

    await runInTerminal(page, 'ls /nonexistent-tether');
    await expect(
      terminal.getByRole('img', {
        name: 'Command failed with exit code 2: ls /nonexistent-tether',
      }),
    ).toHaveCount(1);

    await runCommand(page, 'Copy last command output');
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toMatch(/^ls: cannot access '\/nonexistent-tether': No such file or directory$/);

    // While a command runs the header says which.
    await runInTerminal(page, 'sleep 2; echo slept');
    await expect(state).toHaveText(/^Running/);
    await expect(row(terminal, /^slept\s*$/)).toHaveCount(1);
    await expect(
      terminal.getByRole('img', { name: 'Command succeeded: sleep 2; echo slept' }),
    ).toHaveCount(1);

    // Enough output to scroll the failed command out of sight, then back to it.
    await runInTerminal(page, 'seq 1 300');
    await expect(row(terminal, /^300\s*$/)).toHaveCount(1);
    const topRow = terminal.locator('.xterm-rows > div').first();
    await runCommand(page, 'Go to previous command');
    await expect(topRow).toContainText('seq 1 300');
    await runCommand(page, 'Go to previous command');
    await runCommand(page, 'Go to previous command');
    await expect(topRow).toContainText('ls /nonexistent-tether');
    await expect(terminal.getByRole('img', { name: /^Command failed/ })).toBeVisible();
    await screenshot(page, 'terminal-shell-integration');

    await runCommand(page, 'Go to next command');
    await expect(topRow).toContainText('sleep 2; echo slept');
  });

  test('a command that fails while its block is not focused shows Failed until looked at', async ({
    page,
    browserMode,
  }) => {
    const first = await openApp(page, browserMode.url);
    const state = first.getByRole('status', { name: 'Block state' });
    await runInTerminal(page, 'sleep 1; false');
    await expect(state).toHaveText(/^Running/);
    await page.keyboard.press('Control+Shift+Enter');
    await expect(terminals(page).nth(1).locator('textarea')).toBeFocused();
    await expect(state).toHaveText('Failed');
    await expect(
      first.getByRole('img', { name: 'Command failed with exit code 1: sleep 1; false' }),
    ).toHaveCount(1);
    await first.click();
    await expect(state).toHaveText('Idle');
  });

  test('a terminal split from another starts in its folder', async ({ page, browserMode }) => {
    const first = await openApp(page, browserMode.url);
    await runInTerminal(page, 'mkdir -p split-here && cd split-here');
    await expect(first.getByRole('img', { name: /^Command succeeded: mkdir/ })).toHaveCount(1);
    await page.keyboard.press('Control+Shift+Enter');
    const second = terminals(page).nth(1);
    await expect(second.locator('textarea')).toBeFocused();
    await runInTerminal(page, 'pwd');
    await expect(
      row(second, new RegExp(`^${browserMode.workspaceDir}/split-here\\s*$`)),
    ).toHaveCount(1);
  });
});
