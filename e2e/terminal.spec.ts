import { chromiumPath, quietChromium } from '../playwright.config';
import { row, runCommand, runInTerminal, screenshot } from './support/app-page';
import { openApp, test, expect } from './support/browser-mode';
import { echoInNewTerminal, interruptYes, seqShowsLastLine } from './support/flows';

test.describe('terminal block in browser mode', () => {
  test('opens from the keyboard and runs echo', async ({ page, browserMode }) => {
    await page.goto(browserMode.url);
    await echoInNewTerminal(page, browserMode.workspaceDir, 'terminal-echo');
  });

  test('shows UTF-8 output as text, sent as bytes', async ({ page, browserMode }) => {
    const terminal = await openApp(page, browserMode.url);
    // Octal escapes, so the command line itself is ASCII and only the output is UTF-8.
    await runInTerminal(
      page,
      "printf 'caf\\303\\251 \\342\\234\\223 \\346\\227\\245-%s\\n' $((4*4))",
    );
    await expect(row(terminal, /^café ✓ 日-16\s*$/)).toHaveCount(1);
  });

  test('shows the last line of seq 1 200000', async ({ page, browserMode }) => {
    await page.goto(browserMode.url);
    await seqShowsLastLine(page, 'terminal-seq');
  });

  test('Ctrl+C during yes returns the prompt', async ({ page, browserMode }) => {
    await page.goto(browserMode.url);
    await interruptYes(page, 'terminal-yes-interrupted');
  });

  test('opens OSC 8 hyperlinks only through the checked opener', async ({ page, browserMode }) => {
    const terminal = await openApp(page, browserMode.url);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const target = `${browserMode.origin}/osc8-target`;
    await runInTerminal(
      page,
      `printf '\\e]8;;javascript:alert(1)\\e\\\\bad-link\\e]8;;\\e\\\\ \\e]8;;${target}\\e\\\\good-link\\e]8;;\\e\\\\\\n'`,
    );
    const line = row(terminal, /^bad-link good-link\s*$/);
    await expect(line).toHaveCount(1);
    // Where a word is drawn: the middle of its text on the row.
    const at = (word: string) =>
      line.evaluate((element, text) => {
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const start = node.textContent!.indexOf(text);
          if (start < 0) continue;
          const range = document.createRange();
          range.setStart(node, start);
          range.setEnd(node, start + text.length);
          const rect = range.getBoundingClientRect();
          return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
        }
        throw new Error(`no ${text} on the row`);
      }, word);
    const click = async (word: string) => {
      const { x, y } = await at(word);
      await page.mouse.move(x, y);
      await page.mouse.click(x, y);
    };

    await click('bad-link');
    await page.waitForTimeout(300);
    expect(dialogs).toEqual([]);
    expect(
      page
        .context()
        .pages()
        .map((p) => p.url()),
    ).toEqual([page.url()]);

    // Hovering shows where the link really leads.
    const { x, y } = await at('good-link');
    await page.mouse.move(x, y);
    await expect(terminal.locator(`[title="${target}"]`)).toHaveCount(1);
    const opened = page.context().waitForEvent('page');
    await click('good-link');
    expect((await opened).url()).toBe(target);
    expect(dialogs).toEqual([]);
  });

  test('says when the shell exits and restarts it', async ({ page, browserMode }) => {
    const terminal = await openApp(page, browserMode.url);
    await runInTerminal(page, 'exit 3');
    // The terminal's own notice; the header's state (a status too) says Exited.
    const notice = terminal.getByRole('status').filter({ hasText: /exited with code/ });
    await expect(notice).toHaveText(/exited with code 3/);
    await expect(terminal.getByRole('status', { name: 'Block state' })).toHaveText('Exited');
    const restart = terminal.getByRole('button', { name: 'Restart shell' });
    await expect(restart).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(notice).toHaveCount(0);
    await expect(terminal.getByRole('status', { name: 'Block state' })).toHaveText('Idle');
    await runInTerminal(page, 'echo again-$((1+1))');
    await expect(row(terminal, /^again-2\s*$/)).toHaveCount(1);
  });
});

test('draws with the DOM renderer when WebGL would be drawn in software', async ({
  playwright,
  browserMode,
}) => {
  // This project's Chromium has no WebGL at all; this one has SwiftShader's, as a machine
  // without a GPU does.
  const browser = await playwright.chromium.launch({
    executablePath: chromiumPath,
    args: quietChromium,
  });
  try {
    const page = await browser.newPage();
    await page.goto(browserMode.url);
    const renderer = await page.evaluate(() => {
      const gl = document.createElement('canvas').getContext('webgl2');
      const info = gl?.getExtension('WEBGL_debug_renderer_info');
      return info ? String(gl!.getParameter(info.UNMASKED_RENDERER_WEBGL)) : 'none';
    });
    test.skip(!/swiftshader/i.test(renderer), `this Chromium's WebGL is ${renderer}`);
    const terminal = await openApp(page, browserMode.url);
    await runInTerminal(page, 'echo dom-$((2+2))');
    // The WebGL renderer draws on a canvas and leaves no rows of text in the DOM.
    await expect(row(terminal, /^dom-4\s*$/)).toHaveCount(1);
    await expect(terminal.locator('.xterm-screen canvas')).toHaveCount(0);
  } finally {
    await browser.close();
  }
});

test.describe('terminal block tools', () => {
  test('pastes from the clipboard and finds text', async ({ page, context, browserMode }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: browserMode.origin,
    });
    const terminal = await openApp(page, browserMode.url);
    await page.evaluate(() => navigator.clipboard.writeText('echo pasted-$((3*3))'));
    await page.keyboard.press('Control+Shift+V');
    // Reading the clipboard takes a moment: Enter must follow the pasted text, not overtake it.
    await expect(row(terminal, /echo pasted-/)).toHaveCount(1);
    await page.keyboard.press('Enter');
    await expect(row(terminal, /^pasted-9\s*$/)).toHaveCount(1);

    await page.keyboard.press('Control+Shift+F');
    const find = terminal.getByRole('textbox', { name: 'Find in terminal' });
    await expect(find).toBeFocused();
    await page.keyboard.type('pasted');
    // The match is selected, which the DOM renderer draws as a selection rectangle.
    await expect(terminal.locator('.xterm-selection div').first()).toBeAttached();
    // The command line and its echo: counted from the bottom up, the newest first.
    const matches = terminal.getByRole('status', { name: 'Matches' });
    await expect(matches).toHaveText('2 of 2');
    await page.keyboard.press('Enter');
    await expect(matches).toHaveText('1 of 2');
    await terminal.getByRole('checkbox', { name: 'Regular expression' }).check();
    await find.fill('pasted-[0-9]$');
    await expect(matches).toHaveText('1 of 1');
    await terminal.getByRole('checkbox', { name: 'Regular expression' }).uncheck();
    await expect(matches).toHaveText('No results');
    await find.focus();
    await page.keyboard.press('Escape');
    await expect(find).toHaveCount(0);
    await expect(terminal.locator('textarea')).toBeFocused();
  });

  test('Find opened from the palette takes the keyboard, so typing searches', async ({
    page,
    browserMode,
  }) => {
    const terminal = await openApp(page, browserMode.url);
    await runInTerminal(page, 'echo needle-here');
    await expect(row(terminal, /^needle-here\s*$/)).toHaveCount(1);
    await runCommand(page, 'Find in terminal');
    const find = terminal.getByRole('textbox', { name: 'Find in terminal' });
    await expect(find).toBeFocused();
    await page.keyboard.type('needle');
    await expect(find).toHaveValue('needle');
    // Nothing reached the shell: no "needle" command line was typed there.
    await expect(row(terminal, /\$ needle\s*$/)).toHaveCount(0);
    // Back in the terminal, the shortcut gives the open bar the keyboard again.
    await terminal.locator('textarea').focus();
    await page.keyboard.press('Control+Shift+F');
    await expect(find).toBeFocused();
  });

  test('a paste larger than one host message arrives whole', async ({
    page,
    context,
    browserMode,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: browserMode.origin,
    });
    const terminal = await openApp(page, browserMode.url);
    // 1.2 MB in lines of 100: past the 1 MB a single writeTerminal may carry.
    await page.evaluate(() => navigator.clipboard.writeText(`${'x'.repeat(99)}\n`.repeat(12_000)));
    await runInTerminal(page, 'wc -c');
    await page.keyboard.press('Control+Shift+V');
    await expect(row(terminal, /^x{99}\s*$/).first()).toBeVisible();
    await page.keyboard.press('Control+D');
    // The count can land amid the echo of the paste, which the pty sends back behind wc's input.
    await expect(row(terminal, /^x*1200000\s*$/)).toHaveCount(1, { timeout: 30_000 });
  });

  test('follows its block’s size: a split narrows the shell’s columns', async ({
    page,
    browserMode,
  }) => {
    const terminal = await openApp(page, browserMode.url);
    await runInTerminal(page, 'echo "cols=$(tput cols)"');
    const wide = Number((await row(terminal, /^cols=\d+\s*$/).innerText()).trim().slice(5));
    await page.keyboard.press('Control+Shift+Enter');
    await page.keyboard.press('Control+Shift+BracketLeft');
    await expect(terminal.locator('textarea')).toBeFocused();
    // The new size reaches the shell a moment after the layout changes: ask until it has.
    let attempt = 0;
    await expect(async () => {
      attempt++;
      await runInTerminal(page, `clear; echo "cols${attempt}=$(tput cols)"`);
      const answer = row(terminal, new RegExp(`^cols${attempt}=\\d+\\s*$`));
      await expect(answer).toHaveCount(1, { timeout: 2_000 });
      const narrow = Number((await answer.innerText()).trim().split('=')[1]);
      expect(narrow).toBeLessThan(wide * 0.6);
    }).toPass({ timeout: 15_000 });
  });
});

test('follows the system’s light or dark setting, also while open', async ({
  page,
  browserMode,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  const terminal = await openApp(page, browserMode.url);
  const background = () =>
    // What xterm paints the terminal with: its theme's background on the scrollable element.
    terminal
      .locator('.xterm-scrollable-element')
      .evaluate((element) => getComputedStyle(element).backgroundColor);
  await expect.poll(background).toBe('rgb(255, 255, 255)');
  await screenshot(page, 'terminal-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(background).toBe('rgb(21, 23, 28)');
});
