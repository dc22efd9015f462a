import fuzzysort from 'fuzzysort';

export interface Matchable {
  title: string;
  /** Other words people type for it ("split" for a new terminal beside this one). */
  keywords?: string;
}

/**
 * The entries that match what was typed, best first: fuzzy over the title and its keywords
 * ("ntb" finds New terminal below). No query: all of them, in their own order.
 */
export function matchEntries<T extends Matchable>(entries: readonly T[], query: string): T[] {
  const typed = query.trim();
  if (!typed) return [...entries];
  return fuzzysort
    .go(typed, entries, {
      keys: ['title', (entry) => entry.keywords ?? ''],
      threshold: 0.3,
      limit: 0,
    })
    .map((result) => result.obj);
}
