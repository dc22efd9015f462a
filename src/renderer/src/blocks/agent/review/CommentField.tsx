import { useState } from 'react';
import { MAX_COMMENT_CHARS } from '../../../../../shared/review-comments';

interface CommentFieldProps {
  /** The text box's accessible name ("Comment", "Edit comment"). */
  label: string;
  /** What the comment is about, shown above the box. */
  about?: string | undefined;
  initial?: string;
  /** Keeps the text; may say why it cannot (the box then stays open, with the sentence). */
  onSave(text: string): string | null | void;
  onCancel(): void;
}

/**
 * The small box a review comment is written or edited in: Ctrl+Enter (or "Save comment") keeps
 * it, Escape (or "Cancel") drops the change without closing the dialog around it.
 */
export function CommentField({ label, about, initial = '', onSave, onCancel }: CommentFieldProps) {
  const [text, setText] = useState(initial);
  const [refused, setRefused] = useState<string | null>(null);
  const save = () => {
    if (text.trim()) setRefused(onSave(text.trim()) ?? null);
  };
  return (
    <form
      className="review-comment-field"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      {about && <div className="review-comment-about">{about}</div>}
      <textarea
        aria-label={label}
        value={text}
        // The box opens where the user asked for it: typing goes there at once.
        autoFocus
        rows={3}
        maxLength={MAX_COMMENT_CHARS}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            save();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            onCancel();
          }
        }}
      />
      {refused && (
        <div role="alert" className="agent-review-failed">
          {refused}
        </div>
      )}
      <div className="review-comment-actions">
        <button type="submit" disabled={!text.trim()}>
          Save comment
        </button>{' '}
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
