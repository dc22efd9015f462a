import { describe, expect, it } from 'vitest';
import { errorAdvice } from './error-advice';

describe('errorAdvice', () => {
  it('treats an interruption as no failure', () => {
    expect(
      errorAdvice('error_during_execution', 'Interrupted: the turn was stopped.').interrupted,
    ).toBe(true);
  });

  it('points at the login for authentication errors and at waiting for overload', () => {
    expect(errorAdvice('api_error', 'API Error: 401 invalid x-api-key').advice).toContain('/login');
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
});
