import { describe, expect, it } from 'vitest';
import { errorAdvice } from './error-advice';

describe('errorAdvice', () => {
  it('treats an interruption as no failure', () => {
    expect(
      errorAdvice('error_during_execution', 'Interrupted: the turn was stopped.').interrupted,
    ).toBe(true);
  });

  it('points at the login for authentication errors and at waiting for overload', () => {
    expect(errorAdvice('api_error', 'API Error: 401 invalid x-api-key').login).toBe(true);
    expect(errorAdvice('api_error', 'Not logged in · Please run /login').advice).toContain(
      'Log in to Claude',
    );
    expect(errorAdvice('api_error', 'API Error: 529 Overloaded').advice).toContain('wait');
    expect(errorAdvice('error_max_turns', 'Reached maximum number of turns (1)').advice).toContain(
      'continue',
    );
  });

  it('says what fits a context overflow or an empty balance, not "send again"', () => {
    const overflow = errorAdvice(
      'api_error',
      'API Error: 400 prompt is too long: 210000 tokens > 200000 maximum',
    ).advice;
    expect(overflow).toContain('/compact');
    expect(overflow).not.toContain('Send your message again');
    expect(errorAdvice('api_error', 'Your credit balance is too low').advice).toContain('credits');
  });

  it('does not offer /compact when compacting is what failed', () => {
    for (const message of [
      'Prompt is too long · automatic compaction failed: the summary request failed',
      'Error during compaction: Error: Conversation too long. Press esc twice to go up a few messages and try again.',
    ]) {
      const { advice } = errorAdvice('api_error', message);
      expect(advice).toContain('could not be compacted');
      expect(advice).not.toContain('/compact');
      expect(advice).not.toContain('Send your message again');
    }
  });

  it('says when a rate limit resets: from the CLI’s rate_limit_event, else from its message', () => {
    const now = new Date(2026, 11, 1, 13, 53, 20).getTime();
    const resetsAt = new Date(2026, 11, 1, 14, 5).getTime() / 1000;
    const clock = new Date(resetsAt * 1000).toLocaleTimeString([], {
      hour: '2-digit',
      minute: '2-digit',
    });
    const limited = 'API Error: Request rejected (429) · this may be a temporary capacity issue.';
    expect(errorAdvice('api_error', limited, resetsAt, now).advice).toBe(
      `Rate limited — resets at ${clock} (in 12 min). Send again then.`,
    );
    // A reset already past says nothing about it.
    expect(errorAdvice('api_error', limited, resetsAt, now + 3_600_000).advice).toBe(
      'Rate limited: wait a minute, then send again.',
    );
    expect(
      errorAdvice(
        'api_error',
        'API Error: Request rejected (429) · You’ve hit your session limit · resets 3pm (Europe/London)',
      ).advice,
    ).toBe('Rate limited — resets 3pm (Europe/London). Send again then.');
    expect(errorAdvice('api_error', 'Rate limited', resetsAt, now - 2 * 86_400_000).advice).toMatch(
      /^Rate limited — resets at \w+ \d+ .+ \(in 2 d\)/,
    );
  });
});
