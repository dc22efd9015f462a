import { structuredPatch } from 'diff';
import { isRecord } from '../../../../../shared/is-record';
import { stringField } from './format';

export interface DiffLine {
  kind: 'add' | 'remove' | 'context' | 'gap';
  text: string;
  /**
   * Its line (from 1) in the new text; for a removed line, the new line it stood before. A review
   * comment adds it to where the file holds the new text to name the file's lines.
   */
  newLine?: number;
}

export interface FileEdit {
  path: string;
  lines: DiffLine[];
}

/** The tools whose input is a change to one file. */
export const EDIT_TOOLS = new Set(['Edit', 'MultiEdit', 'Write']);

/** The lines a replacement of `oldText` by `newText` changes, with a little context. */
export function replacement(oldText: string, newText: string): DiffLine[] {
  const patch = structuredPatch('a', 'b', oldText, newText, '', '', { context: 3 });
  const lines: DiffLine[] = [];
  patch.hunks.forEach((hunk, index) => {
    if (index > 0) lines.push({ kind: 'gap', text: '…' });
    // A hunk that adds to an empty text starts "at line 0".
    let newLine = Math.max(1, hunk.newStart);
    for (const line of hunk.lines) {
      // "\ No newline at end of file" describes the line above it, not the file.
      if (line.startsWith('\\')) continue;
      const kind = line[0] === '+' ? 'add' : line[0] === '-' ? 'remove' : 'context';
      lines.push({ kind, text: line.slice(1), newLine });
      if (kind !== 'remove') newLine += 1;
    }
  });
  return lines;
}

/**
 * What an Edit, MultiEdit or Write call will change, as diff lines; null when the input does not
 * have the shape of one (the card then shows the input as JSON).
 */
export function fileEdit(toolName: string, input: Record<string, unknown>): FileEdit | null {
  const path = stringField(input, 'file_path');
  if (path === undefined) return null;
  if (toolName === 'Write') {
    const content = stringField(input, 'content');
    return content === undefined ? null : { path, lines: replacement('', content) };
  }
  if (toolName === 'Edit') {
    const oldText = stringField(input, 'old_string');
    const newText = stringField(input, 'new_string');
    if (oldText === undefined || newText === undefined) return null;
    return { path, lines: replacement(oldText, newText) };
  }
  if (toolName === 'MultiEdit' && Array.isArray(input['edits'])) {
    const lines: DiffLine[] = [];
    for (const edit of input['edits']) {
      if (!isRecord(edit)) continue;
      if (lines.length) lines.push({ kind: 'gap', text: '…' });
      lines.push(
        ...replacement(
          stringField(edit, 'old_string') ?? '',
          stringField(edit, 'new_string') ?? '',
        ),
      );
    }
    return { path, lines };
  }
  return null;
}
