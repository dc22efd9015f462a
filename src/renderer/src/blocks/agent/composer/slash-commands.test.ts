import { describe, expect, it } from 'vitest';
import { slashCompletions } from './slash-commands';

const commands = ['compact', 'cost', 'context', 'clear', 'security-review'].map((name) => ({
  name,
}));
const names = (text: string) => slashCompletions(text, commands).map((command) => command.name);

describe('slashCompletions', () => {
  it('offers every command for a bare "/", and loose matches best first, none left out', () => {
    expect(names('/')).toEqual(commands.map((command) => command.name));
    expect(names('/rev')).toEqual(['security-review']);
    expect(names('/scr')[0]).toBe('security-review');
    expect(names('/co').slice(0, 3).sort()).toEqual(['compact', 'context', 'cost']);
    const many = Array.from({ length: 30 }, (_, n) => ({ name: `tool-${n}` }));
    expect(slashCompletions('/tool', many)).toHaveLength(30);
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
