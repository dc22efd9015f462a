import {
  lastToolResults,
  textReply,
  toolUseReply,
  type FakeHandler,
} from '#test/support/fake-anthropic';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { agents, screenshot } from './support/app-page';
import { ask, expect, openAgent, test, transcript } from './support/agent-mode';

/** The model asks its question once, then says what came back in the tool result. */
function askingModel(name: string, input: Record<string, unknown>): FakeHandler {
  return ({ body }) => {
    const results = lastToolResults(body);
    if (results.length === 0) return toolUseReply({ name, input });
    return textReply(`Heard: ${JSON.stringify(results[0]!.content)}`);
  };
}

test.describe('what the real CLI waits on: questions, plans, permissions across a reload', () => {
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

  test('a plan approved with "Approve and accept edits" lets the next Write run without a prompt', async ({
    page,
    agentMode,
  }) => {
    const made = join(agentMode.browserMode.workspaceDir, 'hello.txt');
    let step = 0;
    agentMode.script(({ body }) => {
      step++;
      // In plan mode the CLI names the plan's file in what it sends the model.
      const planFile = /[^"\s\\]*\.claude[\\/]+plans[\\/]+[^"\s\\]*\.md/.exec(JSON.stringify(body));
      if (step === 1) {
        return toolUseReply({
          name: 'Write',
          input: { file_path: planFile![0], content: '# The plan\n\n1. Write **hello.txt**' },
        });
      }
      // ExitPlanMode is a deferred tool: the model loads it first.
      if (step === 2)
        return toolUseReply({ name: 'ToolSearch', input: { query: 'select:ExitPlanMode' } });
      if (step === 3) return toolUseReply({ name: 'ExitPlanMode', input: {} });
      if (step === 4)
        return toolUseReply({ name: 'Write', input: { file_path: made, content: 'hi' } });
      return textReply('Written as planned.');
    });
    const agent = await openAgent(page, agentMode.browserMode.url);
    await agent.getByRole('combobox', { name: 'Permission mode' }).selectOption('plan');
    await ask(page, agent, 'plan a greeting');
    const plan = page.getByRole('dialog', { name: 'Plan ready' });
    await expect(plan.getByRole('heading', { name: 'The plan' })).toBeVisible({ timeout: 30_000 });
    await expect(plan.getByText('hello.txt')).toBeVisible();
    await screenshot(page, 'agent-plan-ready');
    await page.waitForTimeout(500); // the key guard
    await plan.getByRole('button', { name: 'Approve and accept edits' }).click();
    await expect(transcript(agent).getByText('Written as planned.')).toBeVisible({
      timeout: 30_000,
    });
    // The Write ran without asking: no permission dialog came, and the file is there.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await readFile(made, 'utf8')).toBe('hi');
    await expect(agent.getByRole('combobox', { name: 'Permission mode' })).toHaveValue(
      'acceptEdits',
    );
  });

  test('a reload during a pending permission shows the same prompt, and answering it runs the tool', async ({
    page,
    agentMode,
  }) => {
    agentMode.script(({ body }) =>
      lastToolResults(body).length
        ? textReply('Made it.')
        : toolUseReply({ name: 'Bash', input: { command: 'echo made > after-reload.txt' } }),
    );
    const agent = await openAgent(page, agentMode.browserMode.url);
    await ask(page, agent, 'make the file');
    const prompt = page.getByRole('dialog', { name: 'Permission request: Bash' });
    await expect(prompt).toBeVisible();
    await page.reload();
    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText('echo made > after-reload.txt');
    await page.waitForTimeout(500); // the key guard
    await prompt.getByRole('button', { name: 'Allow', exact: true }).click();
    await expect(transcript(agents(page)).getByText('Made it.')).toBeVisible({ timeout: 30_000 });
    const made = join(agentMode.browserMode.workspaceDir, 'after-reload.txt');
    expect(await readFile(made, 'utf8')).toBe('made\n');
  });
});
