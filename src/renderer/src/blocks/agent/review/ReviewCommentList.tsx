import { useState } from 'react';
import { commentCount, commentLines } from '../../../../../shared/review-comments';
import { diffMarks } from '../tools/DiffView';
import { CommentField } from './CommentField';
import type { ReviewComments } from './use-review-comments';

/**
 * The review comments not sent yet, under the diffs they are about: each with its file, lines and
 * code, editable and removable, and "Send N comments to Claude" for all of them as one message.
 * Everything here (the code, the comments) is shown as text.
 */
export function ReviewCommentList({
  review,
  onSent,
}: {
  review: ReviewComments;
  /** After the comments went (the block puts the keyboard back in the composer). */
  onSent?(): void;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const { comments, outdated } = review;
  if (comments.length === 0) return null;
  const count = commentCount(comments.length);
  return (
    <section className="review-comments" aria-label={count}>
      <h3>{count}</h3>
      <ul className="review-comment-list">
        {comments.map((comment) => (
          <li key={comment.id} aria-label={`${comment.path}, ${commentLines(comment)}`}>
            <div className="review-comment-where">
              <code>{comment.path}</code>, {commentLines(comment)}
              {outdated.has(comment.id) && (
                <span
                  className="review-comment-outdated"
                  title="The file or the session changed since"
                >
                  {' '}
                  (outdated)
                </span>
              )}
            </div>
            <pre className="review-comment-code">
              {comment.lines.map((line, index) => (
                <span key={index} className={`agent-diff-line ${line.kind}`}>
                  {`${diffMarks[line.kind]} ${line.text}\n`}
                </span>
              ))}
            </pre>
            {editing === comment.id ? (
              <CommentField
                label="Edit comment"
                initial={comment.text}
                onSave={(text) => {
                  review.edit(comment.id, text);
                  setEditing(null);
                }}
                onCancel={() => setEditing(null)}
              />
            ) : (
              <>
                <p className="review-comment-text">{comment.text}</p>
                <button type="button" onClick={() => setEditing(comment.id)}>
                  Edit
                </button>{' '}
                <button type="button" onClick={() => review.remove(comment.id)}>
                  Remove
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="review-comments-send"
        onClick={() => {
          review.sendAll();
          onSent?.();
        }}
      >
        Send {count} to Claude
      </button>
    </section>
  );
}
