import type { Locator } from '@playwright/test';
import { lastToolResults, textReply, toolUseReply } from '#test/support/fake-anthropic';
import { screenshot } from './support/app-page';
import { ask, expect, openAgent, test } from './support/agent-mode';

const stateOf = (block: Locator) => block.getByRole('status', { name: 'Block state' });

test.describe('block state with the real Claude CLI', () => {
  test('a block waiting for a permission shows Needs you, is counted, and the command goes to it', async ({
    page,
    agentMode,
  }) => {
    agentMode.script(({ body }) =>
      lastToolResults(body).length
        ? textReply('Listed.')
        : toolUseReply({ name: 'Bash', input: { command: 'ls > listing.txt' } }),
    );
    const agent = await openAgent(page, agentMode.browserMode.url);
    const terminal = page.getByRole('region', { name: 'Terminal' });
    const attention = page.getByRole('status', { name: 'Blocks that need you' });
    await expect(attention).toHaveText('Needs you: 0');
    await ask(page, agent, 'list the files');
    // The user moves on to the terminal while the agent works.
    await page.keyboard.press('Control+Shift+BracketLeft');
    await expect(terminal).toHaveClass(/focused/);

    await expect(stateOf(agent)).toHaveText('Needs you');
    await expect(agent).toHaveClass(/state-needs-you/);
    await expect(agent.getByTitle('Permission for Bash: ls > listing.txt')).toBeVisible();
    await expect(attention).toHaveText('Needs you: 1');
    await expect(page).toHaveTitle('Tether (1)');
    await expect(stateOf(terminal)).toHaveText('Idle');
    await screenshot(page, 'block-state-needs-you');

    await page.keyboard.press('Control+Shift+L');
    await expect(agent).toHaveClass(/focused/);
    await expect(page.getByRole('dialog', { name: 'Permission request: Bash' })).toBeFocused();
  });

  test('a turn that finishes in an unfocused block shows Done until the block is focused', async ({
    page,
    agentMode,
  }) => {
    agentMode.script(() =>
      textReply('All 12 tests pass.\nNothing else to do.', { chunks: 20, delayMs: 100 }),
    );
    const agent = await openAgent(page, agentMode.browserMode.url);
    const terminal = page.getByRole('region', { name: 'Terminal' });
    await ask(page, agent, 'run the tests');
    await expect(stateOf(agent)).toHaveText('Working');
    await page.keyboard.press('Control+Shift+BracketLeft');
    await expect(terminal).toHaveClass(/focused/);

    await expect(stateOf(agent)).toHaveText('Done', { timeout: 30_000 });
    await expect(agent).toHaveClass(/state-done/);
    await expect(agent.getByTitle(/^All 12 tests pass\. · \$/)).toBeVisible();
    await screenshot(page, 'block-state-done');
    // Still Done while the user stays elsewhere.
    await page.waitForTimeout(500);
    await expect(stateOf(agent)).toHaveText('Done');

    await page.keyboard.press('Control+Shift+P');
    await page.keyboard.type('Go to next block that needs you');
    await page.keyboard.press('Enter');
    await expect(agent).toHaveClass(/focused/);
    await expect(stateOf(agent)).toHaveText('Idle');
  });
});
