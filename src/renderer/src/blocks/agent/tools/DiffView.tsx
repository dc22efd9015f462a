import { useRef, useState } from 'react';
import type { FileEdit } from '../model/edit-diff';
import { CommentField } from '../review/CommentField';
import { useLinePicker } from '../review/use-line-picker';

/** How a line of each kind starts in a unified diff. */
export const diffMarks = { add: '+', remove: '-', context: ' ', gap: '' } as const;

/** A whole new file can be thousands of lines; a row that long makes the transcript crawl. */
const PREVIEW_LINES = 200;

/** Where a diff takes review comments ("Review changes", "Changes"). */
export interface DiffCommenting {
  /**
   * Keeps a comment on the diff's lines `from` to `to` (places in `edit.lines`); returns why it
   * cannot, in a sentence, or null.
   */
  onComment(from: number, to: number, text: string): string | null;
}

interface DiffViewProps {
  edit: FileEdit;
  commenting?: DiffCommenting | undefined;
}

/**
 * A file change as a unified diff, added and removed lines marked for eyes and screen readers.
 * With `commenting`, its lines can be picked (see `useLinePicker`) and take a comment ("Comment").
 */
export function DiffView({ edit, commenting }: DiffViewProps) {
  const [expanded, setExpanded] = useState(false);
  const [writing, setWriting] = useState(false);
  const list = useRef<HTMLPreElement>(null);
  const shown = expanded ? edit.lines : edit.lines.slice(0, PREVIEW_LINES);
  const picker = useLinePicker(edit.lines, shown.length, list, () => setWriting(true));
  const added = edit.lines.filter((line) => line.kind === 'add').length;
  const removed = edit.lines.filter((line) => line.kind === 'remove').length;
  const pickedCode = shown.slice(picker.from, picker.to + 1).some((line) => line.kind !== 'gap');
  const done = () => {
    setWriting(false);
    list.current?.focus();
  };
  return (
    <figure className="agent-diff">
      <figcaption>
        <code>{edit.path}</code>{' '}
        <span className="agent-diff-counts">
          +{added} −{removed}
        </span>
      </figcaption>
      <pre ref={list} aria-label={`Changes to ${edit.path}`} {...(commenting ? picker.list : {})}>
        {shown.map((line, index) => (
          <span
            key={index}
            className={`agent-diff-line ${line.kind}`}
            {...(commenting ? picker.line(index) : {})}
          >
            {line.kind === 'gap' ? line.text : `${diffMarks[line.kind]} ${line.text}`}
            {'\n'}
          </span>
        ))}
      </pre>
      {edit.lines.length > PREVIEW_LINES && (
        <button type="button" className="agent-link-button" onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Show less' : `Show all ${edit.lines.length} lines`}
        </button>
      )}
      {commenting &&
        (writing && pickedCode ? (
          <CommentField
            label="Comment"
            about={
              picker.from === picker.to
                ? `On line ${picker.from + 1} of this diff`
                : `On lines ${picker.from + 1}–${picker.to + 1} of this diff`
            }
            onSave={(text) => {
              const refused = commenting.onComment(picker.from, picker.to, text);
              if (refused) return refused;
              done();
              return null;
            }}
            onCancel={done}
          />
        ) : (
          <button
            type="button"
            className="review-comment-button"
            disabled={!pickedCode}
            title="Pick lines with the arrow keys (Shift to stretch) or the mouse, then Enter"
            onClick={() => setWriting(true)}
          >
            Comment
          </button>
        ))}
    </figure>
  );
}
