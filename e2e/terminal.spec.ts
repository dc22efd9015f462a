import { row, runInTerminal } from './support/app-page';
import { openApp, test, expect } from './support/browser-mode';
import { echoInNewTerminal, interruptYes, seqShowsLastLine } from './support/flows';

test.describe('terminal block in browser mode', () => {
  test('opens from the keyboard and runs echo', async ({ page, browserMode }) => {
    await page.goto(browserMode.url);
    await echoInNewTerminal(page, browserMode.workspaceDir, 'terminal-echo');
  });

  test('shows the last line of seq 1 200000', async ({ page, browserMode }) => {
    await page.goto(browserMode.url);
    await seqShowsLastLine(page, 'terminal-seq');
  });

  test('Ctrl+C during yes returns the prompt', async ({ page, browserMode }) => {
    await page.goto(browserMode.url);
    await interruptYes(page, 'terminal-yes-interrupted');
  });

  test('says when the shell exits and restarts it', async ({ page, browserMode }) => {
    const terminal = await openApp(page, browserMode.url);
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
