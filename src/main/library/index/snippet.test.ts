import { describe, expect, it } from 'vitest';
import { ftsQuery, queryTerms } from './query-terms';
import { snippetOf } from './snippet';

const marked = (s: { text: string; ranges: Array<[number, number]> }) =>
  s.ranges.map(([a, b]) => s.text.slice(a, b));

describe('queryTerms and ftsQuery', () => {
  it('keeps only words, lowercased and once each, quoted for FTS5, the last one a prefix', () => {
    expect(queryTerms('Fix "the" bug* (NEAR) fix')).toEqual(['fix', 'the', 'bug', 'near']);
    expect(queryTerms('Ünïcode 日本 x')).toEqual(['ünïcode', '日本', 'x']);
    expect(ftsQuery(['fix', 'bug'], true)).toBe('"fix" AND "bug"*');
    expect(ftsQuery(['fix', 'bug'], false)).toBe('"fix" AND "bug"');
    // Shorter than the index's three-letter prefix lists: whole until the third letter.
    expect(ftsQuery(['fix', 'bu'], true)).toBe('"fix" AND "bu"');
  });
});

describe('snippetOf', () => {
  it('marks every match in a window around the first, any case, at word starts only', () => {
    const text = `${'intro '.repeat(30)}the Cache misses; cache hits; encache stays unmarked ${'tail '.repeat(40)}`;
    const snippet = snippetOf(text, ['cache']);
    expect(snippet.text.startsWith('…')).toBe(true);
    expect(snippet.text.endsWith('…')).toBe(true);
    expect(marked(snippet)).toEqual(['Cache', 'cache']);
    expect(snippet.text).not.toMatch(
      /\bintro intro intro intro intro intro intro intro intro intro intro\b/,
    );
  });

  it('matches word prefixes, words under three letters whole, and puts the snippet on one line', () => {
    const snippet = snippetOf('a\nparser parses; an a b; at atom', ['pars', 'a', 'at']);
    expect(snippet.text).toBe('a parser parses; an a b; at atom');
    expect(marked(snippet)).toEqual(['a', 'pars', 'pars', 'a', 'at']);
  });

  it('never cuts a word at its edges', () => {
    const words = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
    const { text } = snippetOf(words, ['word40']);
    const inner = text.replace(/^…|…$/g, '');
    for (const word of inner.split(' ')) expect(word).toMatch(/^word\d+$/);
  });

  it('gives the start of the text, unmarked, when no term is found', () => {
    expect(snippetOf('short text', ['zzz'])).toEqual({ text: 'short text', ranges: [] });
  });
});
