import { z } from 'zod';
import { fenced, inlineCode } from './markdown-text';

// Review comments: what the user says about lines of an agent's diff, kept with the agent block
// (so a reload or a restart keeps them) until they are sent to Claude as one message.

/** Limits that keep the saved workspace small; a comment is checked against them when made. */
export const MAX_REVIEW_COMMENTS = 200;
export const MAX_QUOTED_LINES = 500;
/** A longer line (minified code) is quoted up to here, and "…". */
export const MAX_QUOTED_LINE_CHARS = 2_000;
export const MAX_COMMENT_CHARS = 20_000;

const quotedText = z.string().max(MAX_QUOTED_LINE_CHARS + 1);

export const reviewCommentSchema = z.object({
  id: z.string().min(1).max(64),
  path: z.string().min(1).max(4096),
  /** The hunk: the edit tool call and which of its edits ("Revert hunk" names hunks the same way). */
  toolUseId: z.string().min(1).max(256),
  editIndex: z.number().int().min(0).max(10_000),
  /** The commented lines' places among the hunk's diff lines, first and last (from 0). */
  from: z.number().int().min(0).max(1_000_000),
  to: z.number().int().min(0).max(1_000_000),
  /**
   * The lines as they were when commented: an outdated comment (its hunk or its file changed
   * since) still quotes what it was about.
   */
  lines: z
    .array(z.object({ kind: z.enum(['add', 'remove', 'context']), text: quotedText }))
    .min(1)
    .max(MAX_QUOTED_LINES),
  /**
   * The lines' numbers in the file when commented, and the line the edit's text started on then
   * (the comment is outdated once it starts elsewhere); absent when the file did not hold it.
   */
  fileLines: z
    .object({
      first: z.number().int().min(1),
      last: z.number().int().min(1),
      editLine: z.number().int().min(1),
    })
    .optional(),
  text: z.string().min(1).max(MAX_COMMENT_CHARS),
});
export type ReviewComment = z.infer<typeof reviewCommentSchema>;

export const reviewCommentsSchema = z.array(reviewCommentSchema).max(MAX_REVIEW_COMMENTS);

/** "1 comment", "2 comments": the list's title and what "Send … to Claude" counts. */
export const commentCount = (count: number): string =>
  `${count} ${count === 1 ? 'comment' : 'comments'}`;

/** Where a comment is, as the list shows it and the message says it: "line 3", "lines 3–5". */
export function commentLines(comment: Pick<ReviewComment, 'fileLines'>): string {
  const lines = comment.fileLines;
  if (!lines) return 'lines not found in the file';
  return lines.first === lines.last ? `line ${lines.first}` : `lines ${lines.first}–${lines.last}`;
}

const marks = { add: '+', remove: '-', context: ' ' } as const;

/**
 * The one message that takes the comments to Claude: for each, its file, its lines and the code
 * they hold (as a diff, so that removed lines read as removed), then what the user said.
 */
export function reviewMessage(comments: readonly ReviewComment[]): string {
  const parts = comments.map((comment) => {
    const code = comment.lines.map((line) => `${marks[line.kind]}${line.text}`).join('\n');
    return `${inlineCode(comment.path)}, ${commentLines(comment)}:\n\n${fenced(code, 'diff')}\n\n${comment.text}`;
  });
  const heading =
    comments.length === 1
      ? 'A review comment on your changes:'
      : `${comments.length} review comments on your changes:`;
  return [heading, ...parts].join('\n\n---\n\n');
}
