import { describe, expect, it } from 'vitest';
import { slashCompletions } from './slash-commands';

const commands = ['compact', 'cost', 'context', 'clear', 'security-review'];

describe('slashCompletions', () => {
  it('offers prefix matches first, then matches inside a name', () => {
    expect(slashCompletions('/c', commands)).toEqual([
      'compact',
      'cost',
      'context',
      'clear',
      'security-review',
    ]);
    expect(slashCompletions('/rev', commands)).toEqual(['security-review']);
  });

  it('offers nothing outside a single leading /word, or for a command typed in full', () => {
    expect(slashCompletions('hello /c', commands)).toEqual([]);
    expect(slashCompletions('/compact now', commands)).toEqual([]);
    expect(slashCompletions('/cost', commands)).toEqual([]);
  });
});
