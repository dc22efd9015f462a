import { useState } from 'react';

interface CommentFieldProps {
  /** The text box's accessible name ("Comment", "Edit comment"). */
  label: string;
  /** What the comment is about, shown above the box. */
  about?: string | undefined;
  initial?: string;
  onSave(text: string): void;
  onCancel(): void;
}

/**
 * The small box a review comment is written or edited in: Ctrl+Enter (or "Save comment") keeps
 * it, Escape (or "Cancel") drops the change without closing the dialog around it.
 */
export function CommentField({ label, about, initial = '', onSave, onCancel }: CommentFieldProps) {
  const [text, setText] = useState(initial);
  const save = () => {
    if (text.trim()) onSave(text.trim());
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
