/** Where the find bar stands: what it looks for, and which match is the current one. */
export interface FindTarget {
  query: string;
  caseSensitive: boolean;
  /** The current match: its row, and its place among that row's matches. */
  row: number;
  inRow: number;
}

const ALL = 'transcript-find';
const CURRENT = 'transcript-find-current';

/**
 * Marks the matches in the rows on screen with the CSS Custom Highlight API: no markup changes, so
 * Markdown and code rows are not drawn again. Without the API (an old engine, a test DOM) the rows
 * are left unmarked; the count and the scrolling still work.
 */
export function highlightMatches(rows: Iterable<HTMLElement>, find: FindTarget | null): void {
  const registry = typeof CSS !== 'undefined' ? CSS.highlights : undefined;
  if (!registry) return;
  if (!find?.query) {
    registry.delete(ALL);
    registry.delete(CURRENT);
    return;
  }
  const all: Range[] = [];
  let current: Range | undefined;
  const needle = find.caseSensitive ? find.query : find.query.toLowerCase();
  for (const row of rows) {
    const index = Number(row.dataset['index']);
    let nth = 0;
    const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = find.caseSensitive ? node.textContent! : node.textContent!.toLowerCase();
      for (
        let at = text.indexOf(needle);
        at !== -1;
        at = text.indexOf(needle, at + needle.length)
      ) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + needle.length);
        if (index === find.row && nth === find.inRow) current = range;
        else all.push(range);
        nth++;
      }
    }
  }
  registry.set(ALL, new Highlight(...all));
  if (current) registry.set(CURRENT, new Highlight(current));
  else registry.delete(CURRENT);
}
