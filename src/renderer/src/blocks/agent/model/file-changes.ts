import { isRecord } from '../../../../../shared/is-record';
import { stringField } from './format';
import { replacement, type DiffLine } from './edit-diff';
import type { TranscriptItem } from './transcript-model';

/** One change an edit tool made: an Edit, one edit of a MultiEdit, or a Write. */
export interface EditHunk {
  toolUseId: string;
  /** Its place among the call's edits (what "Revert hunk" names). */
  editIndex: number;
  tool: string;
  path: string;
  lines: DiffLine[];
  added: number;
  removed: number;
  /** Why it cannot be taken back by itself, when it cannot. */
  notRevertible?: string;
}

/** A hunk's name among the session's: its call and its place there. */
export const hunkKey = (hunk: Pick<EditHunk, 'toolUseId' | 'editIndex'>) =>
  `${hunk.toolUseId}:${hunk.editIndex}`;

export interface FileChanges {
  path: string;
  added: number;
  removed: number;
  hunks: EditHunk[];
}

function hunk(
  toolUseId: string,
  editIndex: number,
  tool: string,
  path: string,
  oldText: string,
  newText: string,
  notRevertible?: string,
): EditHunk {
  const lines = replacement(oldText, newText);
  return {
    toolUseId,
    editIndex,
    tool,
    path,
    lines,
    added: lines.filter((line) => line.kind === 'add').length,
    removed: lines.filter((line) => line.kind === 'remove').length,
    ...(notRevertible ? { notRevertible } : {}),
  };
}

/** What one call changed, once it is known to have worked (its result came back without error). */
function hunksOf(item: TranscriptItem & { kind: 'tool' }): EditHunk[] {
  if (!item.result || item.result.is_error) return [];
  const path = stringField(item.input, 'file_path');
  if (!path) return [];
  if (item.name === 'Write') {
    const content = stringField(item.input, 'content') ?? '';
    return [
      hunk(
        item.id,
        0,
        item.name,
        path,
        '',
        content,
        'Written whole: take it back with git or the rewind.',
      ),
    ];
  }
  const edits =
    item.name === 'Edit'
      ? [item.input]
      : item.name === 'MultiEdit' && Array.isArray(item.input['edits'])
        ? item.input['edits']
        : [];
  return edits.flatMap((edit, index) => {
    if (!isRecord(edit)) return [];
    const oldText = stringField(edit, 'old_string') ?? '';
    const newText = stringField(edit, 'new_string') ?? '';
    const why =
      edit['replace_all'] === true
        ? 'It replaced every occurrence.'
        : !newText
          ? 'It removed text.'
          : undefined;
    return [hunk(item.id, index, item.name, path, oldText, newText, why)];
  });
}

/** Every change the edit tools made in these items, subagents' included, in order. */
export function editHunks(items: readonly TranscriptItem[]): EditHunk[] {
  return items.flatMap((item) =>
    item.kind === 'tool' ? [...hunksOf(item), ...editHunks(item.children)] : [],
  );
}

/** The hunks by file, in the order each file was first changed. */
export function changesByFile(hunks: readonly EditHunk[]): FileChanges[] {
  const files = new Map<string, FileChanges>();
  for (const change of hunks) {
    let file = files.get(change.path);
    if (!file)
      files.set(change.path, (file = { path: change.path, added: 0, removed: 0, hunks: [] }));
    file.added += change.added;
    file.removed += change.removed;
    file.hunks.push(change);
  }
  return [...files.values()];
}

/** The items of the turn that ends at the end of `items`: everything after the last prompt. */
export function lastTurn(items: readonly TranscriptItem[]): readonly TranscriptItem[] {
  const start = items.findLastIndex((item) => item.kind === 'user');
  return items.slice(start + 1);
}
