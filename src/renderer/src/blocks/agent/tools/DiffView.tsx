import type { FileEdit } from './edit-diff';

const marks = { add: '+', remove: '-', context: ' ', gap: '' } as const;

/** A file change as a unified diff, added and removed lines marked for eyes and screen readers. */
export function DiffView({ edit }: { edit: FileEdit }) {
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
        {edit.lines.map((line, index) => (
          <span key={index} className={`agent-diff-line ${line.kind}`}>
            {line.kind === 'gap' ? line.text : `${marks[line.kind]} ${line.text}`}
            {'\n'}
          </span>
        ))}
      </pre>
    </figure>
  );
}
