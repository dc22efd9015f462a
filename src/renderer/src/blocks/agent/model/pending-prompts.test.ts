import { describe, expect, it } from 'vitest';
import { isQueued, PendingPrompts } from './pending-prompts';

const states = (prompts: PendingPrompts) => prompts.pending.map((p) => `${p.text}:${p.state}`);

describe('PendingPrompts', () => {
  it('follows each prompt by its uuid: queued behind a turn, started, then its receipt', () => {
    const prompts = new PendingPrompts();
    prompts.sent('one', 'u1');
    prompts.sent('two', 'u2');
    expect(states(prompts)).toEqual(['one:sending', 'two:sending']);
    prompts.apply([
      { type: 'prompt_state', uuid: 'u1', state: 'queued' },
      { type: 'prompt_state', uuid: 'u1', state: 'started' },
      { type: 'prompt_state', uuid: 'u2', state: 'queued' },
      { type: 'user_message', text: 'one' },
    ]);
    expect(states(prompts)).toEqual(['two:queued']);
    prompts.apply([
      { type: 'prompt_state', uuid: 'u2', state: 'started' },
      { type: 'prompt_state', uuid: 'u2', state: 'completed' },
    ]);
    expect(states(prompts)).toEqual([]);
  });

  it('marks a cancelled prompt until the turn ends, and a receipt never takes it off', () => {
    const prompts = new PendingPrompts();
    prompts.sent('first', 'u1');
    prompts.sent('later', 'u2');
    prompts.apply([{ type: 'prompt_state', uuid: 'u2', state: 'cancelled' }]);
    prompts.apply([{ type: 'user_message', text: 'first, with context the CLI added' }]);
    expect(states(prompts)).toEqual(['later:cancelled']);
    prompts.apply([{ type: 'done', response: 'ok' }]);
    expect(states(prompts)).toEqual([]);
  });

  it('drops one the host refused, by its uuid, and ignores states of prompts it never sent', () => {
    const prompts = new PendingPrompts();
    prompts.sent('same', 'u1');
    prompts.sent('same', 'u2');
    prompts.drop('u2');
    prompts.apply([{ type: 'prompt_state', uuid: 'other', state: 'queued' }]);
    expect(prompts.pending.map((p) => p.uuid)).toEqual(['u1']);
  });

  it('lists as queued only what the user queued and no turn has taken up', () => {
    const prompts = new PendingPrompts();
    prompts.sent('plain', 'u1');
    prompts.sent('queued', 'u2', 'later');
    prompts.sent('steer', 'u3', 'now');
    prompts.apply([
      { type: 'prompt_state', uuid: 'u1', state: 'queued' },
      { type: 'prompt_state', uuid: 'u2', state: 'queued' },
    ]);
    expect(prompts.pending.filter(isQueued).map((p) => p.text)).toEqual(['queued']);
    prompts.apply([{ type: 'prompt_state', uuid: 'u2', state: 'started' }]);
    expect(prompts.pending.filter(isQueued)).toEqual([]);
  });

  it('takes a joined receipt of prompts queued together off a started one, never a waiting one', () => {
    const prompts = new PendingPrompts();
    prompts.sent('waits', 'u0', 'later');
    prompts.sent('b', 'u1', 'later');
    prompts.sent('c', 'u2', 'later');
    prompts.apply([
      { type: 'prompt_state', uuid: 'u1', state: 'started' },
      { type: 'prompt_state', uuid: 'u2', state: 'started' },
      { type: 'user_message', text: 'b\nc' },
    ]);
    expect(states(prompts)).toEqual(['waits:sending', 'c:started']);
  });

  it('hands back, oldest first, what no turn took up when the session ends', () => {
    const prompts = new PendingPrompts();
    prompts.sent('running', 'u1');
    prompts.sent('queued', 'u2', 'later');
    prompts.sent('not yet at the CLI', 'u3', 'later');
    prompts.apply([
      { type: 'prompt_state', uuid: 'u1', state: 'started' },
      { type: 'prompt_state', uuid: 'u2', state: 'queued' },
    ]);
    expect(prompts.takeUnsent().map((p) => p.text)).toEqual(['queued', 'not yet at the CLI']);
    expect(states(prompts)).toEqual(['running:started']);
  });
});
