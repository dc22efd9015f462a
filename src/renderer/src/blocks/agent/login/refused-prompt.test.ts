import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../../shared/agent-event';
import { CostTracker } from '../model/cost-tracker';
import { TranscriptModel } from '../model/transcript-model';
import { refusedPrompt } from './refused-prompt';

const itemsOf = (...events: AgentEvent[]) => {
  const model = new TranscriptModel(new CostTracker());
  model.apply(events);
  return model.items;
};
const prompt = (text: string): AgentEvent => ({ type: 'user_message', text });
const notLoggedIn: AgentEvent = {
  type: 'error',
  message: 'Not logged in · Please run /login',
  subtype: 'api_error',
};

describe('refusedPrompt', () => {
  it('is the prompt the CLI refused for want of a login', () => {
    expect(refusedPrompt(itemsOf(prompt('first'), prompt('hello'), notLoggedIn))).toBe('hello');
  });

  it('is nothing once a later prompt was sent, or after another failure', () => {
    expect(refusedPrompt(itemsOf(prompt('hello'), notLoggedIn, prompt('again')))).toBeUndefined();
    expect(
      refusedPrompt(
        itemsOf(prompt('hello'), {
          type: 'error',
          message: 'API Error: 529 Overloaded',
          subtype: 'api_error',
        }),
      ),
    ).toBeUndefined();
    expect(refusedPrompt(itemsOf(notLoggedIn))).toBeUndefined();
  });
});
