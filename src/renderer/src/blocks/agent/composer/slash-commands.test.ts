import { describe, expect, it } from 'vitest';
import { slashCompletions } from './slash-commands';

const commands = ['compact', 'cost', 'context', 'clear', 'security-review'].map((name) => ({
  name,
}));
const names = (text: string) => slashCompletions(text, commands).map((command) => command.name);

describe('slashCompletions', () => {
  it('offers prefix matches first, then matches inside a name', () => {
    expect(names('/c')).toEqual(['compact', 'cost', 'context', 'clear', 'security-review']);
    expect(names('/rev')).toEqual(['security-review']);
  });

  it('offers nothing outside a single leading /word, or for a command typed in full', () => {
    expect(names('hello /c')).toEqual([]);
    expect(names('/compact now')).toEqual([]);
    expect(names('/cost')).toEqual([]);
  });

  it('keeps each command’s description and argument hint', () => {
    const described = [
      { name: 'debug', description: 'Enable debug logging', argument_hint: '[x]' },
    ];
    expect(slashCompletions('/de', described)).toEqual(described);
  });
});
