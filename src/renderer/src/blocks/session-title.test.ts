import { describe, expect, it } from 'vitest';
import { sessionTitle } from './session-title';

describe('sessionTitle', () => {
  it("takes a short prompt's first line as it is", () => {
    expect(sessionTitle('  fix the   flaky test\nit fails on CI')).toBe('fix the flaky test');
  });

  it('cuts a long one at a word and says so', () => {
    expect(
      sessionTitle('please refactor the settings loader so that it reads every file once'),
    ).toBe('please refactor the settings loader so…');
    expect(sessionTitle('x'.repeat(60))).toBe(`${'x'.repeat(40)}…`);
  });
});
