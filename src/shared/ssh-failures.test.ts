import { describe, expect, it } from 'vitest';
import {
  CLAUDE_MISSING,
  hostKeyChanged,
  hostKeyNotAccepted,
  loginRefused,
  retryCannotHeal,
} from './ssh-failures';

describe('retryCannotHeal', () => {
  it('knows the failures only the user can fix, also inside a longer message', () => {
    expect(retryCannotHeal(hostKeyChanged('ada@devbox:2222'))).toBe(true);
    expect(retryCannotHeal(`Claude Code did not start: ${loginRefused('devbox')}`)).toBe(true);
    expect(retryCannotHeal(hostKeyNotAccepted('gpu-1'))).toBe(true);
    expect(retryCannotHeal(`${CLAUDE_MISSING} devbox: not on the login PATH, …`)).toBe(true);
  });

  it('leaves what may heal to the retries: a host down, the network gone, ssh’s own words', () => {
    for (const message of [
      'devbox did not answer in time (connection timed out): check that it is on and reachable.',
      'devbox refused the connection: no ssh server listens on that port.',
      'devbox is not a host name ssh can find (not in DNS, nor in your ssh config).',
      'Timeout, server devbox not responding.',
      'The host key of devbox',
    ])
      expect(retryCannotHeal(message)).toBe(false);
  });
});
