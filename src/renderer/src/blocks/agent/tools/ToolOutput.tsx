import { useState } from 'react';
import { outputPreview } from './output-preview';

/**
 * A tool's output as preformatted text, cut to a preview when long: results of many megabytes
 * are normal and would make every row of the transcript slow to lay out. Shown whole, it scrolls
 * in a box of bounded height, so one output never pushes the rest of the transcript away.
 */
export function ToolOutput({
  text,
  isError,
  label,
}: {
  text: string;
  isError?: boolean;
  label: string;
}) {
  const [expanded, setExpanded] = useState(false);
  if (!text) return null;
  const preview = outputPreview(text);
  const classes = ['agent-tool-output', isError && 'error', expanded && 'expanded'];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      {/* Focusable so that the keyboard can scroll it. */}
      <pre aria-label={label} tabIndex={expanded ? 0 : undefined}>
        {expanded || preview === null ? text : preview.text}
      </pre>
      {preview !== null && (
        <div className="agent-tool-output-more">
          {!expanded && <span className="agent-tool-output-hidden">{preview.caption}</span>}
          <button
            type="button"
            className="agent-link-button"
            aria-expanded={expanded}
            onClick={() => setExpanded(!expanded)}
          >
            {expanded ? 'Show less' : preview.showAll}
          </button>
        </div>
      )}
    </div>
  );
}
