import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/shared/agent-event';
import {
  lastToolResults,
  lastUserText,
  textReply,
  toolUseReply,
  type MessagesCall,
} from '../support/fake-anthropic';
import { CostTracker } from '../../src/renderer/src/blocks/agent/model/cost-tracker';
import {
  TranscriptModel,
  userPrompts,
} from '../../src/renderer/src/blocks/agent/model/transcript-model';
import { openSession, type Harness } from './harness';

/** A reply that streams for about three seconds: long enough to queue and steer during it. */
const SLOW = { chunks: 20, delayMs: 150 };
const SLOW_MS = 20 * 150;
const REPLY = (index: number) => `Reply ${index} ${'x'.repeat(60)}`;

/**
 * Queueing and steering on the pinned CLI: a prompt sent with priority `later` waits in the CLI's
 * queue until the turn ends (and can be taken back with `cancel_async_message`); one sent with
 * `now`, or a queued one sent on with the interrupt's `send_now`, stops the turn and runs at once.
 */
describe('AgentSession queue and steer on the real CLI', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  const states = (uuid: string) =>
    h!.events
      .filter((e): e is AgentEvent & { type: 'prompt_state' } => e.type === 'prompt_state')
      .filter((e) => e.uuid === uuid)
      .map((e) => e.state);
  const stateIs = (uuid: string, state: string) => () => states(uuid).includes(state);
  const calls = () => h!.fake.calls as MessagesCall[];
  // The CLI puts notes before a prompt in the same message: the prompt is its last line.
  const said = (call: MessagesCall) => lastUserText(call.body).trim().split('\n').at(-1);
  const firstCallStarted = () => h!.waitUntil(() => calls().length > 0, 'the first API call');

  it('runs a prompt queued as later after the turn, not inside it at the next tool result', async () => {
    h = await openSession('pipe', ({ body, index }) =>
      index === 0
        ? toolUseReply({ name: 'Bash', input: { command: 'sleep 1', description: 'wait' } })
        : textReply(lastToolResults(body).length ? 'Slept.' : 'Queued one answered.'),
    );
    const queued = randomUUID();
    h.session.send('sleep for a second', randomUUID(), [], undefined);
    await firstCallStarted();
    h.session.send('QUEUED: and then this', queued, [], 'later');
    await h.waitUntil(stateIs(queued, 'completed'), 'the queued prompt completed');
    // The tool result went back alone; the queued prompt came in a request of its own after.
    expect(calls().map(said)).toEqual([
      'sleep for a second',
      expect.not.stringContaining('QUEUED'),
      'QUEUED: and then this',
    ]);
    expect(states(queued)).toEqual(['queued', 'started', 'completed']);
    const done = h.events.filter((e) => e.type === 'done');
    expect(done.map((e) => e.type === 'done' && e.response)).toEqual([
      'Slept.',
      'Queued one answered.',
    ]);
  });

  it('shows two prompts queued together once, joined, as the CLI sends them', async () => {
    h = await openSession('pipe', ({ index }) => textReply(`Reply ${index}.`, SLOW));
    const [hi, bye] = [randomUUID(), randomUUID()];
    h.session.send('first');
    await firstCallStarted();
    h.session.send('Then say hi', hi, [], 'later');
    h.session.send('And bye', bye, [], 'later');
    await h.waitUntil(stateIs(bye, 'completed'), 'the queued prompts ran');
    // The CLI echoes the first alone, then both joined: the model gets (and the session keeps)
    // only the joined message.
    expect(h.events.filter((e) => e.type === 'user_message').map((e) => e.text)).toEqual([
      'first',
      'Then say hi',
      'Then say hi\nAnd bye',
    ]);
    expect(lastUserText(calls()[1]!.body).trim().split('\n').slice(-2)).toEqual([
      'Then say hi',
      'And bye',
    ]);
    const transcript = new TranscriptModel(new CostTracker());
    transcript.apply(h.events);
    expect(userPrompts(transcript.items)).toEqual(['first', 'Then say hi\nAnd bye']);
  });

  it('takes a queued prompt back before the turn reads it; later it is too late', async () => {
    h = await openSession('pipe', ({ index }) => textReply(`Reply ${index}.`, SLOW));
    const withdrawn = randomUUID();
    const kept = randomUUID();
    h.session.send('first');
    await firstCallStarted();
    h.session.send('WITHDRAWN', withdrawn, [], 'later');
    h.session.send('KEPT', kept, [], 'later');
    await h.waitUntil(stateIs(kept, 'queued'), 'both queued');
    expect(await h.session.withdraw(withdrawn)).toBe(true);
    await h.waitUntil(stateIs(kept, 'completed'), 'the kept prompt ran');
    expect(states(withdrawn)).toEqual(['queued', 'cancelled']);
    expect(calls().map(said)).toEqual(['first', 'KEPT']);
    expect(await h.session.withdraw(kept)).toBe(false);
  });

  it('steers with priority now: the turn stops mid-reply and the model gets the message at once', async () => {
    h = await openSession('pipe', ({ index }) => textReply(REPLY(index), SLOW));
    const steer = randomUUID();
    h.session.send('write a long answer');
    await h.waitForEvent('assistant_text');
    h.session.send('STEER: shorter please', steer, [], 'now');
    await h.waitUntil(stateIs(steer, 'completed'), 'the steering prompt answered');
    expect(calls().map(said)).toEqual(['write a long answer', 'STEER: shorter please']);
    // It reached the model while the first reply was still streaming, not after it.
    expect(calls()[1]!.request.at - calls()[0]!.request.at).toBeLessThan(SLOW_MS);
    // The first reply was cut where the steer came: its turn never ended with all of it.
    const ends = h.events.filter((e) => e.type === 'error' || e.type === 'done');
    expect(ends).toHaveLength(2);
    expect(ends[0]).not.toMatchObject({ type: 'done', response: REPLY(0) });
    expect(ends[1]).toMatchObject({ type: 'done', response: REPLY(1) });
  });

  it('sends a queued prompt now with the interrupt’s send_now', async () => {
    h = await openSession('pipe', ({ index }) => textReply(REPLY(index), SLOW));
    const queued = randomUUID();
    h.session.send('write a long answer');
    await firstCallStarted();
    h.session.send('QUEUED: now, please', queued, [], 'later');
    await h.waitUntil(stateIs(queued, 'queued'), 'the prompt queued');
    await h.session.sendNow(queued);
    await h.waitUntil(stateIs(queued, 'completed'), 'the queued prompt answered');
    expect(calls().map(said)).toEqual(['write a long answer', 'QUEUED: now, please']);
    expect(calls()[1]!.request.at - calls()[0]!.request.at).toBeLessThan(SLOW_MS);
  });
});
