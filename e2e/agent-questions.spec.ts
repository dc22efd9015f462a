import {
  lastToolResults,
  textReply,
  toolUseReply,
  type FakeHandler,
} from '../test/support/fake-anthropic';
import { screenshot } from './support/app-page';
import { ask, expect, openAgent, test, transcript } from './support/agent-mode';

/** The model asks its question once, then says what came back in the tool result. */
function askingModel(name: string, input: Record<string, unknown>): FakeHandler {
  return ({ body }) => {
    const results = lastToolResults(body);
    if (results.length === 0) return toolUseReply({ name, input });
    return textReply(`Heard: ${JSON.stringify(results[0]!.content)}`);
  };
}

test.describe('Claude’s questions with the real CLI', () => {
  test('a question answered with a number key reaches the CLI', async ({ page, agentMode }) => {
    agentMode.script(
      askingModel('AskUserQuestion', {
        questions: [
          {
            question: 'Which database should the app use?',
            header: 'Database',
            multiSelect: false,
            options: [
              { label: 'Postgres', description: 'A server, relational' },
              { label: 'SQLite', description: 'One file next to the app' },
            ],
          },
        ],
      }),
    );
    const agent = await openAgent(page, agentMode.browserMode.url);
    await ask(page, agent, 'set up storage');
    const asked = page.getByRole('dialog', { name: 'Claude asks: Database' });
    await expect(asked).toBeVisible();
    await expect(asked).toBeFocused();
    await page.waitForTimeout(500); // keys typed right as a dialog opens are not taken
    await page.keyboard.press('2');
    await expect(asked.getByRole('radio', { name: /SQLite/ })).toBeChecked();
    await screenshot(page, 'agent-question');
    await page.keyboard.press('Enter');
    await expect(asked).toHaveCount(0);
    // The tool result the CLI sent back to the model carries the choice.
    await expect(transcript(agent).getByText(/^Heard: .*SQLite/)).toBeVisible({ timeout: 30_000 });
  });
});
