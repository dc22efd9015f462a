import { describe, expect, it } from 'vitest';
import { describePullRequest, pullRequestSchema } from './pull-request';

describe('describePullRequest', () => {
  const pr = pullRequestSchema.parse({
    number: 12,
    url: 'https://github.com/o/r/pull/12',
    title: 'Add the thing',
    state: 'open',
    checks: 'failing',
  });

  it('names the number, the state and the checks', () => {
    expect(describePullRequest(pr)).toBe('#12 open · a check failed');
  });

  it('leaves the checks out when none are reported', () => {
    expect(describePullRequest({ ...pr, state: 'merged', checks: 'none' })).toBe('#12 merged');
  });

  it('refuses a url that is not one', () => {
    expect(pullRequestSchema.safeParse({ ...pr, url: 'not a url' }).success).toBe(false);
  });
});
