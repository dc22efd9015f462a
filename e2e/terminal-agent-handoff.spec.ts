import { textReply, toolUseReply, lastToolResults } from '#test/support/fake-anthropic';
import { agents, row, runCommand, runInTerminal, screenshot } from './support/app-page';
import { ask, composer, expect, test, transcript } from './support/agent-mode';

test.describe('terminal and agent hand text to each other', () => {
  test('"Ask Claude about selection" and "… last command" land in an agent’s composer', async ({
    page,
    agentMode,
  }) => {
    await page.goto(agentMode.browserMode.url);
    const terminal = page.getByRole('region', { name: 'Terminal' });
    await expect(terminal.locator('textarea')).toBeFocused();
    await runInTerminal(page, 'echo hello-from-shell');
    await expect(row(terminal, /^hello-from-shell\s*$/)).toHaveCount(1);

    await runCommand(page, 'Select all');
    await runCommand(page, 'Ask Claude about selection');
    // No agent block yet: a new one, in the terminal's folder, with the text and the caret after it.
    const agent = agents(page);
    await expect(composer(agent)).toBeFocused();
    await expect(composer(agent)).toHaveValue(
      /^From my terminal in .+:\n\n```\n[\s\S]*hello-from-shell[\s\S]*```\n\n$/,
    );
    await page.keyboard.type('What printed this?');
    await expect(composer(agent)).toHaveValue(/```\n\nWhat printed this\?$/);

    await terminal.locator('textarea').focus();
    await runInTerminal(page, "sh -c 'echo boom; exit 4'");
    await expect(row(terminal, /^boom\s*$/)).toHaveCount(1);
    // From the terminal's menu this time; it goes to the agent last used.
    await terminal.locator('.xterm-screen').click({ button: 'right' });
    const menu = page.getByRole('menu', { name: 'Terminal' });
    await menu.getByRole('menuitem', { name: 'Ask Claude about last command' }).click();
    await expect(agents(page)).toHaveCount(1);
    await expect(composer(agent)).toBeFocused();
    const handed = await composer(agent).inputValue();
    expect(handed).toContain("sh -c 'echo boom; exit 4'");
    expect(handed).toContain('it failed with exit code 4:\n\n```\nboom\n```');
    await screenshot(page, 'terminal-ask-claude');
  });

  test('"Run in terminal" types a Bash command at the prompt without running it', async ({
    page,
    agentMode,
  }) => {
    agentMode.script(({ body }) =>
      lastToolResults(body).length
        ? textReply('Ran it.')
        : toolUseReply({ name: 'Bash', input: { command: 'echo typed-by-agent' } }),
    );
    await page.goto(agentMode.browserMode.url);
    const terminal = page.getByRole('region', { name: 'Terminal' });
    await expect(terminal.locator('textarea')).toBeFocused();
    await page.keyboard.press('Control+Shift+A');
    const agent = agents(page);
    await ask(page, agent, 'show me the command');
    // A read-only command: the CLI runs it without asking.
    await expect(transcript(agent).getByText('Ran it.')).toBeVisible();

    await transcript(agent).getByRole('button', { name: 'Run in terminal' }).click();
    await expect(terminal.locator('textarea')).toBeFocused();
    await expect(row(terminal, /echo typed-by-agent\s*$/)).toHaveCount(1);
    // Typed, not run: no output line until the user presses Enter.
    await page.waitForTimeout(300);
    await expect(row(terminal, /^typed-by-agent\s*$/)).toHaveCount(0);
    await page.keyboard.press('Enter');
    await expect(row(terminal, /^typed-by-agent\s*$/)).toHaveCount(1);
  });
});
