import type { IBuffer } from '@xterm/xterm';
import type { Anchor } from './command-log';

/**
 * The text between two places in the buffer, as the program wrote it: wrapped rows joined back
 * into their line, trailing blanks and the final line break left out.
 */
export function textBetween(buffer: IBuffer, start: Anchor, end: Anchor): string {
  let text = '';
  for (let row = start.line; row <= end.line; row++) {
    const line = buffer.getLine(row);
    if (!line) break;
    const last = row === end.line;
    if (last && end.column === 0) break;
    if (row > start.line && !line.isWrapped) text += '\n';
    text += line.translateToString(
      !last,
      row === start.line ? start.column : 0,
      last ? end.column : undefined,
    );
  }
  return text.replace(/\s+$/, '');
}
