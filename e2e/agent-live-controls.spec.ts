import {
  firstUserText,
  lastToolResults,
  lastUserText,
  textReply,
  toolUseReply,
} from '#test/support/fake-anthropic';
import { screenshot } from './support/app-page';
import { ask, expect, openAgent, test, transcript } from './support/agent-mode';

test.describe('live controls of an agent block, against the real CLI', () => {
  test('the Model picker switches the model: the next API request names it', async ({
    page,
    agentMode,
  }) => {
    agentMode.script(({ body }) => textReply(`Answered ${lastUserText(body).slice(-6)}.`));
    const agent = await openAgent(page, agentMode.browserMode.url);
    const picker = agent.getByRole('combobox', { name: 'Model' });
    // The models come with the session's initialize answer.
    await expect(picker.getByRole('option', { name: 'Haiku' })).toHaveCount(1);
    await ask(page, agent, 'first');
    await expect(transcript(agent).getByText('Answered first.')).toBeVisible({ timeout: 30_000 });
    await picker.selectOption({ label: 'Haiku' });
    await ask(page, agent, 'second');
    await expect(transcript(agent).getByText('Answered second.')).toBeVisible({ timeout: 30_000 });
    const models = agentMode.fake.calls.map((call) => call.body.model);
    expect(models[0]).not.toMatch(/haiku/);
    expect(models.at(-1)).toMatch(/haiku/);
    await expect(picker).toHaveValue('haiku');
    await screenshot(page, 'agent-model-picker');
  });

  test('a permission request from a subagent says which agent asks', async ({
    page,
    agentMode,
  }) => {
    const marker = 'SUBAGENT-E2E';
    agentMode.script(({ body }) => {
      const results = lastToolResults(body);
      if (firstUserText(body).includes(marker)) {
        if (results.length === 0)
          return toolUseReply({ name: 'Bash', input: { command: 'echo sub > sub.txt' } });
        return textReply('Subagent: marked.');
      }
      if (results.length === 0) {
        return toolUseReply({
          name: 'Agent',
          input: {
            description: 'Mark the folder',
            prompt: `${marker}: write sub.txt`,
            subagent_type: 'general-purpose',
            run_in_background: false,
          },
        });
      }
      return textReply('Main: the subagent is done.');
    });
    const agent = await openAgent(page, agentMode.browserMode.url);
    await ask(page, agent, 'delegate');
    const asked = page.getByRole('dialog', { name: 'Permission request: Bash' });
    await expect(asked).toBeVisible({ timeout: 30_000 });
    await expect(asked).toContainText('Asked by the subagent “Mark the folder” (general-purpose).');
    await screenshot(page, 'agent-subagent-permission');
    await page.waitForTimeout(500); // keys typed right as a dialog opens are not taken
    await page.keyboard.press('y');
    await expect(asked).toHaveCount(0);
    await expect(transcript(agent).getByText('Main: the subagent is done.')).toBeVisible({
      timeout: 30_000,
    });
  });
});
