import { describe, expect, it } from 'vitest';
import { devToolsAllowed } from './dev-tools';

describe('devToolsAllowed', () => {
  it('allows DevTools in a development run whatever the setting says', () => {
    for (const setting of [undefined, null, false, true]) {
      expect(devToolsAllowed(false, setting)).toBe(true);
    }
  });

  it('allows them in the installed app only when the setting is true', () => {
    expect(devToolsAllowed(true, undefined)).toBe(false);
    expect(devToolsAllowed(true, null)).toBe(false);
    expect(devToolsAllowed(true, false)).toBe(false);
    expect(devToolsAllowed(true, true)).toBe(true);
  });
});
