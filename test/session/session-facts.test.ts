import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/shared/agent-event';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lastToolResults, textReply, toolUseReply } from '../support/fake-anthropic';
import { openSession, type Harness } from './harness';

/**
 * What the pinned CLI tells a session besides the turns: its commands and models (the answer to
 * `initialize`), where each stamped prompt is (`command_lifecycle`), the context in use
 * (`get_context_usage`), a guess at the next prompt (`prompt_suggestion`); and `set_model`.
 */
describe('AgentSession facts from the real CLI', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  const of = <T extends AgentEvent['type']>(type: T) =>
    h!.events.filter((e): e is AgentEvent & { type: T } => e.type === type);

  it('lists the commands with descriptions and the models the initialize answer names', async () => {
    h = await openSession('pipe', () => textReply('Hi.'));
    const commands = of('slash_commands')[0]!.commands;
    expect(commands.find((c) => c.name === 'clear')?.description).toBeTruthy();
    expect(commands.find((c) => c.name === 'compact')).toBeTruthy();
    const models = of('models')[0]!.models;
    expect(models.map((m) => m.value)).toEqual(expect.arrayContaining(['default', 'haiku']));
    expect(models.every((m) => m.display_name.length > 0)).toBe(true);
  });

  it('reports queued, started and completed per prompt uuid, the context in use, and a suggestion', async () => {
    h = await openSession('pipe', () => textReply('Done.'), { suggestion: 'Run the tests next.' });
    const first = randomUUID();
    const second = randomUUID();
    h.session.send('one', first);
    h.session.send('two', second);
    await h.waitUntil(
      () =>
        h!.events.some(
          (e) => e.type === 'prompt_state' && e.uuid === second && e.state === 'completed',
        ),
      'the second prompt completed',
    );
    const states = (uuid: string) =>
      of('prompt_state')
        .filter((e) => e.uuid === uuid)
        .map((e) => e.state);
    expect(states(first)).toEqual(['queued', 'started', 'completed']);
    // Sent while the first ran: it waited in the CLI's queue, then ran.
    expect(states(second)).toEqual(['queued', 'started', 'completed']);
    const usage = await h.waitForEvent('context_usage');
    // The CLI counts its system prompt and tools too: more than the fake's usage figures.
    expect(usage.tokens).toBeGreaterThan(1000);
    expect(usage.window).toBeGreaterThanOrEqual(200_000);
    const suggestion = await h.waitForEvent('prompt_suggestion');
    expect(suggestion.text).toBe('Run the tests next.');
    // The side request for it never reaches the script: one call per prompt.
    expect(h.fake.calls).toHaveLength(2);
  });

  it('gives the cost the last API call’s usage as the context, not the turn’s sum', async () => {
    const usage = { input_tokens: 5000, output_tokens: 40 };
    h = await openSession('pipe', ({ body }) =>
      lastToolResults(body).length > 0
        ? textReply('Read it.', { usage })
        : toolUseReply(
            { name: 'Read', input: { file_path: join(h!.cwd, 'notes.txt') } },
            { usage },
          ),
    );
    writeFileSync(join(h.cwd, 'notes.txt'), 'a note\n');
    h.session.send('read the notes');
    const cost = await h.waitForEvent('cost');
    // Two API calls: the turn's usage sums them, the context holds one call's worth.
    expect(cost.usage.input_tokens).toBe(10_000);
    expect(cost.context_tokens).toBeGreaterThanOrEqual(5000);
    expect(cost.context_tokens).toBeLessThan(5100);
  });

  it('switches the model with set_model: the next API request names it', async () => {
    h = await openSession('pipe', () => textReply('Hi.'));
    const haiku = (await h.waitForEvent('models')).models.find((m) => m.value === 'haiku')!;
    h.session.send('first');
    await h.waitForEvent('done');
    await h.session.setModel('haiku');
    h.session.send('second');
    await h.waitUntil(() => of('done').length === 2, 'the second turn');
    const models = h.fake.calls.map((c) => c.body.model);
    expect(models[0]).not.toBe(haiku.resolved_model);
    expect(models.at(-1)).toBe(haiku.resolved_model);
    expect(of('session_started').at(-1)?.model).toBe(haiku.resolved_model);
  });
});
