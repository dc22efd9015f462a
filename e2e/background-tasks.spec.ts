import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { lastToolResults, textReply, toolUseReply } from '#test/support/fake-anthropic';
import { screenshot } from './support/app-page';
import { ask, expect, openAgent, test, transcript } from './support/agent-mode';

test('a background task is listed with its output, and Stop stops it', async ({
  page,
  agentMode,
}) => {
  agentMode.script(({ body }) =>
    lastToolResults(body).length
      ? textReply('The job runs in the background.')
      : toolUseReply({
          name: 'Bash',
          input: {
            command: 'echo started; sleep 60; echo late > late.txt',
            description: 'Slow background job',
            run_in_background: true,
          },
        }),
  );
  const agent = await openAgent(page, agentMode.browserMode.url);
  await ask(page, agent, 'start the slow job in the background');
  const prompt = page.getByRole('dialog', { name: 'Permission request: Bash' });
  await expect(prompt).toBeVisible();
  await page.waitForTimeout(500); // the key guard
  await prompt.getByRole('button', { name: 'Allow', exact: true }).click();
  await expect(transcript(agent).getByText('The job runs in the background.')).toBeVisible({
    timeout: 30_000,
  });

  // The turn is over; the job still runs and is listed.
  const panel = agent.getByRole('region', { name: 'Background tasks' });
  const task = panel.getByRole('listitem', { name: 'Slow background job' });
  await expect(task).toContainText('Shell');
  await expect(task).toContainText('Running');
  await expect(task).toContainText(/\d:\d\d/);
  await task.getByRole('button', { name: 'Show output' }).click();
  await expect(task.getByLabel('Output')).toHaveText('started\n');
  await screenshot(page, 'agent-background-tasks');

  await task.getByRole('button', { name: 'Stop' }).click();
  await expect(panel).toHaveCount(0);
  // Stopped before it got past its sleep: the file it would write never appears.
  const late = join(agentMode.browserMode.workspaceDir, 'late.txt');
  await expect(access(late)).rejects.toThrow();
});
