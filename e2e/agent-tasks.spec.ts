import { textReply, toolUseReply } from '#test/support/fake-anthropic';
import { screenshot } from './support/app-page';
import { ask, expect, openAgent, test, transcript } from './support/agent-mode';

test('the plan the agent makes with the task tools shows as a checklist', async ({
  page,
  agentMode,
}) => {
  let call = 0;
  agentMode.script(() => {
    call++;
    if (call === 1) {
      return toolUseReply([
        {
          name: 'TaskCreate',
          input: {
            subject: 'Read the code',
            description: 'All of it',
            activeForm: 'Reading the code',
          },
        },
        { name: 'TaskCreate', input: { subject: 'Write the tests', description: 'Each module' } },
      ]);
    }
    if (call === 2)
      return toolUseReply({ name: 'TaskUpdate', input: { taskId: '1', status: 'in_progress' } });
    return textReply('Started on the plan.');
  });
  const agent = await openAgent(page, agentMode.browserMode.url);
  await ask(page, agent, 'make a plan');
  await expect(transcript(agent).getByText('Started on the plan.')).toBeVisible({
    timeout: 30_000,
  });
  // The CLI ran the tools (they are off in headless mode unless Tether turns them on).
  const tasks = agent.getByRole('list', { name: 'Task checklist' });
  await expect(tasks.getByRole('listitem')).toHaveText([/◐ Reading the code/, /☐ Write the tests/]);
  await expect(agent.getByText('Tasks: 0 of 2 done')).toBeVisible();
  await screenshot(page, 'agent-tasks');
});
