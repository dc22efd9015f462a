import { lastUserText, textReply, type MessagesCall } from '#test/support/fake-anthropic';
import { screenshot } from './support/app-page';
import { ask, composer, expect, openAgent, test, transcript } from './support/agent-mode';

/** What the user said last in a request: the CLI puts its notes before it in the same message. */
const said = (call: MessagesCall) => lastUserText(call.body).trim().split('\n').at(-1) ?? '';

test.describe('queue and steer while a turn runs, against the real CLI', () => {
  test('Enter queues (edit, remove, "N queued"), Ctrl+Enter steers the running turn', async ({
    page,
    agentMode,
  }) => {
    // The first reply streams for about 20 s: the queue is worked on while it does.
    const slow = `A slow answer ${'that goes on '.repeat(20)}`;
    agentMode.script((call) =>
      said(call) === 'write slowly'
        ? textReply(slow, { chunks: 100, delayMs: 200 })
        : textReply(`Answered: ${said(call)}.`),
    );
    const agent = await openAgent(page, agentMode.browserMode.url);
    await ask(page, agent, 'write slowly');
    await expect(transcript(agent).getByText('A slow answer')).toBeVisible({ timeout: 30_000 });

    const queue = agent.getByRole('list', { name: 'Queued messages' });
    const item = (text: string) => queue.getByRole('listitem', { name: text });
    await ask(page, agent, 'queued one');
    await ask(page, agent, 'queued two');
    await expect(queue.getByRole('listitem')).toHaveCount(2);
    await expect(agent.getByText('2 queued')).toBeVisible();

    await item('queued two').getByRole('button', { name: 'Remove' }).click();
    await expect(item('queued two')).toHaveCount(0);
    await expect(agent.getByText('1 queued')).toBeVisible();

    // Edit takes it back into the box; Enter queues the new text.
    await item('queued one').getByRole('button', { name: 'Edit' }).click();
    await expect(composer(agent)).toHaveValue('queued one');
    await expect(queue).toHaveCount(0);
    await composer(agent).focus();
    await page.keyboard.press('End');
    await page.keyboard.type(', edited');
    await page.keyboard.press('Enter');
    await expect(item('queued one, edited')).toBeVisible();
    await expect(agent.getByText('1 queued')).toBeVisible();
    await page.keyboard.type('steer now');
    await screenshot(page, 'agent-steer');

    // Nothing queued has reached the model while the slow reply streams.
    expect(agentMode.fake.calls.map(said)).toEqual(['write slowly']);
    await page.keyboard.press('Control+Enter');
    await expect(transcript(agent).getByText('Answered: steer now.')).toBeVisible({
      timeout: 30_000,
    });
    // The queued one runs after, in a turn of its own; the removed one never.
    await expect(transcript(agent).getByText('Answered: queued one, edited.')).toBeVisible({
      timeout: 30_000,
    });
    await expect(queue).toHaveCount(0);
    await expect(agent.getByText(/\d queued/)).toHaveCount(0);
    expect(agentMode.fake.calls.map(said)).toEqual([
      'write slowly',
      'steer now',
      'queued one, edited',
    ]);
    // The steer cut the slow reply short: it never arrived whole.
    await expect(transcript(agent).getByText(slow.trim())).toHaveCount(0);
  });
});
