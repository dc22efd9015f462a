import { isAbsolute } from 'node:path';
import { localFiles, type Files } from '../git/git';
import type { AgentEvent } from '../../shared/agent-event';
import { isRecord } from '../../shared/is-record';

type ToolUse = AgentEvent & { type: 'tool_use' };

/** One replacement an Edit or MultiEdit made: `newText` took the place of `oldText`. */
export interface Replacement {
  path: string;
  oldText: string;
  newText: string;
}

/** The `editIndex`th replacement of an edit tool call; why not, in words, when it has none. */
export function replacementOf(toolUse: ToolUse, editIndex: number): Replacement | string {
  const path = toolUse.input['file_path'];
  if (typeof path !== 'string' || !isAbsolute(path)) return 'the edit names no absolute file path';
  const edits =
    toolUse.name === 'Edit'
      ? [toolUse.input]
      : toolUse.name === 'MultiEdit' && Array.isArray(toolUse.input['edits'])
        ? toolUse.input['edits']
        : null;
  if (!edits) return `a ${toolUse.name} call wrote the file whole: there is no hunk to take back`;
  const edit: unknown = edits[editIndex];
  if (!isRecord(edit)) return 'that edit is not in the call';
  const { old_string: oldText, new_string: newText, replace_all: all } = edit;
  if (typeof oldText !== 'string' || typeof newText !== 'string') return 'the edit has no text';
  if (all === true)
    return 'the edit replaced every occurrence: which ones to take back is not known';
  if (!newText) return 'the edit removed text: where it was is not known any more';
  return { path, oldText, newText };
}

/**
 * The text the `editIndex`th change of an edit tool call left in its file: a Write's content, an
 * edit's new string; null when the call left none to find (no path, no such edit, text removed).
 */
export function editedTextOf(
  toolUse: ToolUse,
  editIndex: number,
): { path: string; text: string } | null {
  const path = toolUse.input['file_path'];
  if (typeof path !== 'string' || !isAbsolute(path)) return null;
  if (toolUse.name === 'Write') {
    const content = toolUse.input['content'];
    return editIndex === 0 && typeof content === 'string' && content
      ? { path, text: content }
      : null;
  }
  const replacement = replacementOf(toolUse, editIndex);
  return typeof replacement === 'string' ? null : { path, text: replacement.newText };
}

/**
 * The line (from 1) at which the file now holds `text`, when it holds it exactly once; null when
 * the file cannot be read or has changed so that the place is not known any more. Review comments
 * quote file lines from it, and call a comment whose text is gone outdated.
 */
export async function lineOfText(
  { path, text }: { path: string; text: string },
  files: Files,
): Promise<number | null> {
  let content: string;
  try {
    content = await files.read(path);
  } catch {
    return null;
  }
  const at = content.indexOf(text);
  if (at === -1 || content.indexOf(text, at + 1) !== -1) return null;
  return content.slice(0, at).split('\n').length;
}

/**
 * Puts the old text back in place of the new, when the file still holds the new text exactly
 * once; otherwise the file has changed underneath and nothing is written. `files` are where the
 * agent works: a remote block's file is read and written on its host.
 */
export async function revertReplacement(
  { path, oldText, newText }: Replacement,
  files: Files = localFiles(process.env),
): Promise<void> {
  let content: string;
  try {
    content = await files.read(path);
  } catch {
    const where = files.host ? ` on ${files.host}` : '';
    throw new Error(`${path}${where} cannot be read (it may have been moved or deleted)`);
  }
  const at = content.indexOf(newText);
  if (at === -1)
    throw new Error(`${path} has changed since: the edited text is not in it any more`);
  if (content.indexOf(newText, at + 1) !== -1) {
    throw new Error(`${path} has changed since: the edited text is in it more than once`);
  }
  await files.write(path, content.slice(0, at) + oldText + content.slice(at + newText.length));
}
