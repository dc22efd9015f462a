import { describe, expect, it } from 'vitest';
import { PendingPrompts } from './pending-prompts';

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
});
