import { termMatcher } from './query-terms';

export interface Snippet {
  text: string;
  /** `[start, end)` of each match in `text`, for highlighting. */
  ranges: Array<[number, number]>;
}

/** Characters shown around the first match: about one line of the results list. */
const BEFORE = 60;
const AFTER = 140;

/**
 * A window of `text` around the first place the terms occur, on one line, with every match in it
 * marked. Text with no match (the index matched a word the matcher reads differently, such as an
 * accented one) gives its beginning, unmarked.
 */
export function snippetOf(text: string, terms: readonly string[]): Snippet {
  const matcher = termMatcher(terms);
  const first = terms.length > 0 ? matcher.exec(text) : null;
  const at = first?.index ?? 0;
  let start = Math.max(0, at - BEFORE);
  let end = Math.min(text.length, at + AFTER);
  // Start and end on word boundaries, so no word is cut in half.
  if (start > 0) {
    const space = text.slice(start, at).search(/\s/);
    if (space !== -1) start += space + 1;
  }
  if (end < text.length) {
    const space = text.slice(at, end).search(/\s\S*$/);
    if (space > 0) end = at + space;
  }
  const window = text.slice(start, end);
  const prefix = start > 0 ? '…' : '';
  const suffix = end < text.length ? '…' : '';
  const oneLine = window.replace(/\s/g, ' ');
  const ranges: Array<[number, number]> = [];
  if (terms.length > 0) {
    matcher.lastIndex = 0;
    for (const match of oneLine.matchAll(matcher)) {
      const from = prefix.length + match.index;
      ranges.push([from, from + match[0].length]);
    }
  }
  return { text: `${prefix}${oneLine}${suffix}`, ranges };
}
