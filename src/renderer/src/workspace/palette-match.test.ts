import { describe, expect, it } from 'vitest';
import { commands } from '../../../shared/commands';
import { matchEntries } from './palette-match';

const titles = (query: string) => matchEntries(commands, query).map((command) => command.title);

describe('matching palette entries', () => {
  it('finds commands by the words people type for them', () => {
    expect(titles('split')).toEqual(
      expect.arrayContaining(['New terminal', 'New terminal below', 'New agent']),
    );
    expect(titles('split below')[0]).toBe('New terminal below');
    expect(titles('below').slice(0, 2)).toContain('New terminal below');
    expect(titles('right')).toContain('New terminal');
  });

  it('matches loosely and puts the best first', () => {
    expect(titles('ntb')[0]).toBe('New terminal below');
    expect(titles('rename')[0]).toBe('Rename block');
    expect(titles('find in tr')[0]).toBe('Find in transcript');
  });

  it('lists everything in order for an empty query, and nothing for nonsense', () => {
    expect(titles('')).toEqual(commands.map((command) => command.title));
    expect(titles('zzqxj')).toEqual([]);
    // Not cut at a library's default of ten.
    expect(titles('o').length).toBeGreaterThan(10);
  });
});
