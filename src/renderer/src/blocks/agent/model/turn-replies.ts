import type { TranscriptItem } from './transcript-model';

/**
 * The final reply of each turn, oldest first: the last text the model wrote before the next
 * prompt. A subagent's words sit under its tool, so they are not among these; a reply the user
 * stopped midway is left out, as are turns that ended without one.
 */
export function turnReplies(items: readonly TranscriptItem[]): string[] {
  const replies: string[] = [];
  let last: string | null = null;
  for (const item of items) {
    if (item.kind === 'user') {
      if (last) replies.push(last);
      last = null;
    } else if (item.kind === 'assistant' && !item.aborted && item.text.trim()) {
      last = item.text;
    }
  }
  if (last) replies.push(last);
  return replies;
}
