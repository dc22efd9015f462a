import type { KeyLike } from '../ui/shortcuts';

/**
 * 1-9 for Ctrl+1…9 (Cmd on macOS), which focus the nth block; null for any other key. Shells and
 * readline bind none of Ctrl+digit, so a terminal loses nothing.
 */
export function blockNumberKey(event: KeyLike, isMac: boolean): number | null {
  const mod = isMac ? event.metaKey : event.ctrlKey;
  const otherMod = isMac ? event.ctrlKey : event.metaKey;
  const digit = /^Digit([1-9])$/.exec(event.code);
  if (!digit || !mod || otherMod || event.shiftKey || event.altKey) return null;
  return Number(digit[1]);
}
