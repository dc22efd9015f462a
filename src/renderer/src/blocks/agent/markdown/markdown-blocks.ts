const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Splits Markdown into top-level blocks at blank lines, so a streamed message re-parses only its
 * last block on each update. It never splits inside a fenced code block, nor before an indented
 * line (the continuation of a list item, or indented code, which needs what came before it).
 */
export function markdownBlocks(text: string): string[] {
  const lines = text.split('\n');
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  let blankBefore = false;
  for (const line of lines) {
    const opener = FENCE.exec(line)?.[1];
    if (fence === null && blankBefore && current.length > 0 && line.trim() && !/^\s/.test(line)) {
      blocks.push(current.join('\n'));
      current = [];
    }
    current.push(line);
    if (fence !== null) {
      if (opener && opener[0] === fence[0] && opener.length >= fence.length) fence = null;
    } else if (opener) {
      fence = opener;
    }
    blankBefore = fence === null && line.trim() === '';
  }
  if (current.length > 0) blocks.push(current.join('\n'));
  return blocks;
}
