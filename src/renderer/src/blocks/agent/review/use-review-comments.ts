import { useEffect, useMemo, useRef, useState } from 'react';
import type { HostApi } from '../../../../../shared/host-api';
import {
  MAX_QUOTED_LINE_CHARS,
  MAX_QUOTED_LINES,
  MAX_REVIEW_COMMENTS,
  reviewCommentSchema,
  reviewMessage,
  type ReviewComment,
} from '../../../../../shared/review-comments';
import type { DiffLine } from '../model/edit-diff';
import { editHunks, hunkKey, type EditHunk } from '../model/file-changes';
import type { TranscriptItem } from '../model/transcript-model';
import type { DiffCommenting } from '../tools/DiffView';

export interface ReviewComments {
  comments: readonly ReviewComment[];
  /** The comments whose hunk is gone from the session or whose lines are not where they were. */
  outdated: ReadonlySet<string>;
  /** What a hunk's diff needs to take comments. */
  commenting(hunk: EditHunk): DiffCommenting;
  edit(id: string, text: string): void;
  remove(id: string): void;
  /** Sends every comment as one message, the way the composer sends, and empties the list. */
  sendAll(): void;
}

const quoted = (lines: readonly DiffLine[]): ReviewComment['lines'] =>
  lines.flatMap((line) =>
    line.kind === 'gap'
      ? []
      : [
          {
            kind: line.kind,
            text:
              line.text.length > MAX_QUOTED_LINE_CHARS
                ? `${line.text.slice(0, MAX_QUOTED_LINE_CHARS)}…`
                : line.text,
          },
        ],
  );

/** The file's lines of diff lines, given the line the edit's new text starts on in the file. */
function fileLinesOf(lines: readonly DiffLine[], editLine: number): ReviewComment['fileLines'] {
  const numbered = lines.filter((line) => line.kind !== 'gap' && line.newLine !== undefined);
  const kept = numbered.filter((line) => line.kind !== 'remove');
  const first = (kept[0] ?? numbered[0])?.newLine;
  const last = (kept.at(-1) ?? numbered.at(-1))?.newLine;
  if (first === undefined || last === undefined) return undefined;
  return { first: editLine + first - 1, last: editLine + last - 1, editLine };
}

/**
 * An agent block's review comments: kept in its spec (`comments`, `onChange`) so that they
 * outlive a reload, checked against the session's hunks and the files, sent through `send`.
 */
export function useReviewComments(
  api: HostApi,
  agentId: string,
  items: readonly TranscriptItem[],
  comments: readonly ReviewComment[],
  onChange: (comments: readonly ReviewComment[]) => void,
  send: (text: string) => void,
): ReviewComments {
  const latest = useRef({ comments, onChange });
  latest.current = { comments, onChange };
  // Two changes may come before the block renders again with the first (a comment, then its
  // line numbers): each starts from the one before.
  const update = (change: (before: readonly ReviewComment[]) => readonly ReviewComment[]) => {
    const next = change(latest.current.comments);
    latest.current.comments = next;
    latest.current.onChange(next);
  };

  // Only comments are checked against the hunks: without any, a streaming reply asks for none.
  const anyComments = comments.length > 0;
  const hunks = useMemo(
    () => new Map(anyComments ? editHunks(items).map((hunk) => [hunkKey(hunk), hunk]) : undefined),
    [items, anyComments],
  );
  // Where each commented edit's text is in its file now (null: not there once any more).
  const [located, setLocated] = useState<ReadonlyMap<string, number | null>>(new Map());
  const commented = [...new Set(comments.map(hunkKey))].sort().join('\n');
  useEffect(() => {
    if (!commented) return;
    let current = true;
    const wanted = latest.current.comments.filter(
      (comment, index, all) => all.findIndex((c) => hunkKey(c) === hunkKey(comment)) === index,
    );
    void Promise.all(
      wanted.map((comment) =>
        api
          .locateAgentEdit({ agentId, toolUseId: comment.toolUseId, editIndex: comment.editIndex })
          .then(
            ({ line }) => [hunkKey(comment), line] as const,
            () => [hunkKey(comment), null] as const,
          ),
      ),
    ).then((found) => current && setLocated(new Map(found)));
    return () => {
      current = false;
    };
    // A new edit in the session may move what the comments are about: look again.
  }, [api, agentId, commented, hunks.size]);

  const outdated = new Set(
    comments
      .filter((comment) => {
        const hunk = hunks.get(hunkKey(comment));
        const stillThere =
          hunks.size === 0 ||
          (hunk !== undefined &&
            JSON.stringify(quoted(hunk.lines.slice(comment.from, comment.to + 1))) ===
              JSON.stringify(comment.lines));
        const where = located.get(hunkKey(comment));
        const inPlace =
          where === undefined || (where !== null && where === comment.fileLines?.editLine);
        return !stillThere || !inPlace;
      })
      .map((comment) => comment.id),
  );

  /** Keeps a comment; says why not when it would not fit in the saved workspace. */
  const add = (hunk: EditHunk, from: number, to: number, text: string): string | null => {
    if (latest.current.comments.length >= MAX_REVIEW_COMMENTS)
      return `The list holds ${MAX_REVIEW_COMMENTS} comments at most: send or remove some first.`;
    const lines = hunk.lines.slice(from, to + 1);
    const comment: ReviewComment = {
      id: crypto.randomUUID(),
      path: hunk.path,
      toolUseId: hunk.toolUseId,
      editIndex: hunk.editIndex,
      from,
      to,
      lines: quoted(lines),
      text,
    };
    if (comment.lines.length > MAX_QUOTED_LINES)
      return `A comment quotes ${MAX_QUOTED_LINES} lines at most: pick fewer.`;
    if (!reviewCommentSchema.safeParse(comment).success) return 'This comment cannot be kept.';
    // Kept at once; the file's line numbers follow when the host has found the edit.
    update((before) => [...before, comment]);
    void api
      .locateAgentEdit({ agentId, toolUseId: hunk.toolUseId, editIndex: hunk.editIndex })
      .then(({ line }) => {
        const fileLines = line === null ? undefined : fileLinesOf(lines, line);
        setLocated((before) => new Map(before).set(hunkKey(hunk), line));
        if (fileLines)
          update((before) => before.map((c) => (c.id === comment.id ? { ...c, fileLines } : c)));
      })
      // Not found (the host refused, the block is gone): the comment stays, without line numbers.
      .catch(() => undefined);
    return null;
  };

  return {
    comments,
    outdated,
    commenting: (hunk) => ({ onComment: (from, to, text) => add(hunk, from, to, text) }),
    edit: (id, text) => update((before) => before.map((c) => (c.id === id ? { ...c, text } : c))),
    remove: (id) => update((before) => before.filter((c) => c.id !== id)),
    sendAll: () => {
      const all = latest.current.comments;
      if (all.length === 0) return;
      send(reviewMessage(all));
      update(() => []);
    },
  };
}
