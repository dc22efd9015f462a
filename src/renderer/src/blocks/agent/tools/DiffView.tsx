import { useState } from 'react';
import type { FileEdit } from '../model/edit-diff';

const marks = { add: '+', remove: '-', context: ' ', gap: '' } as const;

/** A whole new file can be thousands of lines; a row that long makes the transcript crawl. */
const PREVIEW_LINES = 200;

/** A file change as a unified diff, added and removed lines marked for eyes and screen readers. */
export function DiffView({ edit }: { edit: FileEdit }) {
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? edit.lines : edit.lines.slice(0, PREVIEW_LINES);
  const added = edit.lines.filter((line) => line.kind === 'add').length;
  const removed = edit.lines.filter((line) => line.kind === 'remove').length;
  return (
    <figure className="agent-diff">
      <figcaption>
        <code>{edit.path}</code>{' '}
        <span className="agent-diff-counts">
          +{added} −{removed}
        </span>
      </figcaption>
      <pre aria-label={`Changes to ${edit.path}`}>
        {shown.map((line, index) => (
          <span key={index} className={`agent-diff-line ${line.kind}`}>
            {line.kind === 'gap' ? line.text : `${marks[line.kind]} ${line.text}`}
            {'\n'}
          </span>
        ))}
      </pre>
      {edit.lines.length > PREVIEW_LINES && (
        <button type="button" className="agent-link-button" onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Show less' : `Show all ${edit.lines.length} lines`}
        </button>
      )}
    </figure>
  );
}
