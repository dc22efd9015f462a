import { describe, expect, it } from 'vitest';
import { startsWithText } from './text-prefix';

describe('startsWithText', () => {
  it('answers as startsWith does', () => {
    const cases: [string, string, number | undefined][] = [
      ['hello world', 'hello', undefined],
      ['hello world', 'world', 6],
      ['hello world', 'world', 5],
      ['hello', 'hello world', undefined],
      ['hello', '', undefined],
      ['hello', '', 5],
      ['hello', 'o', 4],
      ['hello', 'o', 5],
      ['', '', 0],
    ];
    for (const [text, prefix, at] of cases)
      expect(startsWithText(text, prefix, at), `${text} / ${prefix} / ${at}`).toBe(
        text.startsWith(prefix, at),
      );
  });
});
