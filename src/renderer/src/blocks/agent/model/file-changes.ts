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
  /** The text it replaced and the text it left ('' before a Write). */
  before: string;
  after: string;
  /** It replaced every occurrence of `before`. */
  everywhere: boolean;
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
  /** The lines the hunks together added and removed: an edit of an earlier one's text counts once. */
  added: number;
  removed: number;
  hunks: EditHunk[];
}

const countLines = (lines: readonly DiffLine[]) => ({
  added: lines.filter((line) => line.kind === 'add').length,
  removed: lines.filter((line) => line.kind === 'remove').length,
});

function hunk(
  toolUseId: string,
  editIndex: number,
  tool: string,
  path: string,
  oldText: string,
  newText: string,
  everywhere: boolean,
  notRevertible?: string,
): EditHunk {
  const lines = replacement(oldText, newText);
  return {
    toolUseId,
    editIndex,
    tool,
    path,
    before: oldText,
    after: newText,
    everywhere,
    lines,
    ...countLines(lines),
    ...(notRevertible ? { notRevertible } : {}),
  };
}

/**
 * Each call's hunks as last computed, with the input and result they came from: a transcript of
 * thousands of edits is asked for its hunks on every render while a reply streams, and diffing
 * every edit again each time cost the page most of its time then. Items are replaced, not
 * changed, once shown, but checking what the hunks came from keeps this right either way.
 */
const hunkCache = new WeakMap<
  TranscriptItem,
  { input: unknown; result: unknown; hunks: EditHunk[] }
>();

/** What one call changed, once it is known to have worked (its result came back without error). */
function hunksOf(item: TranscriptItem & { kind: 'tool' }): EditHunk[] {
  const cached = hunkCache.get(item);
  if (cached?.input === item.input && cached.result === item.result) return cached.hunks;
  const hunks = diffHunksOf(item);
  hunkCache.set(item, { input: item.input, result: item.result, hunks });
  return hunks;
}

function diffHunksOf(item: TranscriptItem & { kind: 'tool' }): EditHunk[] {
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
        false,
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
    const everywhere = edit['replace_all'] === true;
    const why = everywhere
      ? 'It replaced every occurrence.'
      : !newText
        ? 'It removed text.'
        : undefined;
    return [hunk(item.id, index, item.name, path, oldText, newText, everywhere, why)];
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
  const files = new Map<string, EditHunk[]>();
  for (const change of hunks) {
    const file = files.get(change.path);
    if (file) file.push(change);
    else files.set(change.path, [change]);
  }
  return [...files].map(([path, fileHunks]) => ({
    path,
    ...netChange(fileHunks),
    hunks: fileHunks,
  }));
}

/**
 * What a file's hunks changed together. An edit of text an earlier hunk wrote is folded into that
 * hunk (a line written, then fixed, is one line added, not two added and one removed), and a
 * Write replaces all that came before it.
 */
function netChange(hunks: readonly EditHunk[]): { added: number; removed: number } {
  let pieces: { before: string; after: string }[] = [];
  for (const change of hunks) {
    if (change.tool === 'Write') {
      pieces = [{ before: '', after: change.after }];
      continue;
    }
    const into =
      change.before && !change.everywhere
        ? pieces.find((piece) => piece.after.includes(change.before))
        : undefined;
    // A function, so that `$&` and the like in the new text are not read as patterns.
    if (into) into.after = into.after.replace(change.before, () => change.after);
    else pieces.push({ before: change.before, after: change.after });
  }
  return pieces.reduce(
    (sum, piece) => {
      const { added, removed } = countLines(replacement(piece.before, piece.after));
      return { added: sum.added + added, removed: sum.removed + removed };
    },
    { added: 0, removed: 0 },
  );
}

/** The items of the turn that ends at the end of `items`: everything after the last prompt. */
export function lastTurn(items: readonly TranscriptItem[]): readonly TranscriptItem[] {
  const start = items.findLastIndex((item) => item.kind === 'user');
  return items.slice(start + 1);
}
