/**
 * `text.startsWith(prefix, at)`, for texts of any length. V8's `startsWith` compares character
 * by character: on a streamed reply of 750 kB it took 2–2.6 ms a call (flat or not), where a slice
 * and `===` (which flattens once and compares memory) took 0.02–0.35 ms. A streaming agent asks
 * this of its whole reply on every render.
 */
export function startsWithText(text: string, prefix: string, at = 0): boolean {
  return text.length >= at + prefix.length && text.slice(at, at + prefix.length) === prefix;
}
