import { formatJson } from './format';
import { resultText } from './result-text';
import type { TranscriptItem } from './transcript-model';

/** A row of the transcript that holds matches, and how many. */
export interface RowMatches {
  row: number;
  count: number;
}

// Items never change in place (the model copies what changes), so their text is kept by identity.
const texts = new WeakMap<TranscriptItem, string>();

/** Everything of an item a person can read in it, its nested tools included. */
export function searchableText(item: TranscriptItem): string {
  let text = texts.get(item);
  if (text !== undefined) return text;
  switch (item.kind) {
    case 'user':
    case 'assistant':
    case 'thinking':
    case 'note':
      text = item.text;
      break;
    case 'error':
      text = item.message;
      break;
    case 'tool':
      text = [
        item.name,
        formatJson(item.input),
        item.result ? resultText(item.result.content) : '',
        ...item.children.map(searchableText),
      ].join('\n');
      break;
    default:
      text = '';
  }
  texts.set(item, text);
  return text;
}

function count(haystack: string, needle: string): number {
  let found = 0;
  for (
    let at = haystack.indexOf(needle);
    at !== -1;
    at = haystack.indexOf(needle, at + needle.length)
  )
    found++;
  return found;
}

/** The rows that hold `query`, in order, with how often: the whole transcript, not the rows drawn. */
export function findInTranscript(
  items: readonly TranscriptItem[],
  query: string,
  caseSensitive: boolean,
): RowMatches[] {
  if (!query) return [];
  const needle = caseSensitive ? query : query.toLowerCase();
  const rows: RowMatches[] = [];
  items.forEach((item, row) => {
    const text = searchableText(item);
    const found = count(caseSensitive ? text : text.toLowerCase(), needle);
    if (found > 0) rows.push({ row, count: found });
  });
  return rows;
}

/** Which row, and which match within it, the nth match (0-based) of all is. */
export function locateMatch(
  rows: readonly RowMatches[],
  nth: number,
): { row: number; inRow: number } | null {
  let left = nth;
  for (const { row, count: found } of rows) {
    if (left < found) return { row, inRow: left };
    left -= found;
  }
  return null;
}
