/**
 * Cuts text into pieces of at most `max` UTF-16 units without separating a surrogate pair, so a
 * paste larger than one host message arrives whole and every character intact.
 */
export function splitText(text: string, max: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + max, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && end - start > 1 && last >= 0xd800 && last <= 0xdbff) end--;
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}
