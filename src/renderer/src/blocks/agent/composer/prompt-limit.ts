import { formatCount as count } from '../model/format';
import { MAX_PROMPT_CHARS } from '../../../../../shared/contract/agent';
import type { Paste } from './pasted-text';

/**
 * The length of the message the box would send, worked out without building it: a paste of a
 * hundred megabytes is counted, not copied, at each key.
 */
export function messageLength(box: string, shown: readonly Paste[]): number {
  return shown.reduce(
    (length, paste) => length + paste.text.length - paste.label.length,
    box.length,
  );
}

/** Why a message of this length cannot go, in one sentence; null when it can. */
export function tooLong(length: number): string | null {
  return length > MAX_PROMPT_CHARS
    ? `This message is ${count(length)} characters; Claude Code takes at most ${count(MAX_PROMPT_CHARS)}.`
    : null;
}

/** A paste opened to read is shown up to here: the whole of a giant one would hang the page. */
export const PASTE_PREVIEW_CHARS = 20_000;

/** What an opened paste shows: its start, and how much more there is. */
export function pastePreview(text: string): string {
  if (text.length <= PASTE_PREVIEW_CHARS) return text;
  return `${text.slice(0, PASTE_PREVIEW_CHARS)}\n… and ${count(text.length - PASTE_PREVIEW_CHARS)} more characters`;
}
