import { formatCount as count } from '../model/format';
import { countLines } from '../model/result-text';

const PREVIEW_LINES = 20;
const PREVIEW_CHARS = 4_000;

export interface OutputPreview {
  /** The start of the output that is shown folded. */
  text: string;
  /** What the preview leaves out, of how much, e.g. "Showing 20 of 4,812 lines — 4,792 hidden". */
  caption: string;
  /** The label of the button that shows all of it. */
  showAll: string;
}

/**
 * The first lines of a long output, and how much of it they leave out; null when it is short
 * enough to show whole. One very long line is cut by characters and counted in characters.
 */
export function outputPreview(output: string): OutputPreview | null {
  const lines = countLines(output);
  if (lines <= PREVIEW_LINES && output.length <= PREVIEW_CHARS) return null;
  const byLines = output.split('\n', PREVIEW_LINES).join('\n');
  if (lines > PREVIEW_LINES && byLines.length <= PREVIEW_CHARS) {
    return {
      text: byLines,
      caption: `Showing ${PREVIEW_LINES} of ${count(lines)} lines — ${count(lines - PREVIEW_LINES)} hidden`,
      showAll: `Show all ${count(lines)} lines`,
    };
  }
  const text = byLines.slice(0, PREVIEW_CHARS);
  return {
    text,
    caption: `Showing ${count(text.length)} of ${count(output.length)} characters — ${count(output.length - text.length)} hidden`,
    showAll: `Show all ${count(output.length)} characters`,
  };
}
