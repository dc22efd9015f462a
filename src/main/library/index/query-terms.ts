/**
 * The user's search box text as words, and those words as an FTS5 query and as a matcher for
 * highlighting: the same tokens both ways, so what the index found is what the snippet marks.
 */
const WORD = /[\p{L}\p{N}]+/gu;

/** Shortest prefix searched as one: see `ftsQuery`. */
const MIN_PREFIX = 3;

/** Longest query honoured: a pasted page is not a search. */
const MAX_TERMS = 12;

export function queryTerms(query: string): string[] {
  const terms = (query.match(WORD) ?? []).map((t) => t.toLowerCase());
  return [...new Set(terms)].slice(0, MAX_TERMS);
}

/**
 * Every word must occur, whole; with `lastIsPrefix`, the last is a prefix (the one being typed).
 * The index keeps lists for three-letter prefixes; a shorter one would merge the postings of
 * thousands of words (most of a large index), so it is whole until the third letter is typed.
 */
export function ftsQuery(terms: readonly string[], lastIsPrefix: boolean): string {
  return terms
    .map((t, i) =>
      lastIsPrefix && i === terms.length - 1 && t.length >= MIN_PREFIX ? `"${t}"*` : `"${t}"`,
    )
    .join(' AND ');
}

/** Where the terms occur in `text`, as a word's start (prefix match, any case). */
export function termMatcher(terms: readonly string[]): RegExp {
  const alternatives = [...terms]
    .sort((a, b) => b.length - a.length)
    .map((t) => {
      const escaped = t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return t.length >= MIN_PREFIX ? escaped : `${escaped}(?![\\p{L}\\p{N}])`;
    });
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})`, 'giu');
}
