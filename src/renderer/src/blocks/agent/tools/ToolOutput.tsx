import { useState } from 'react';

const PREVIEW_LINES = 40;
const PREVIEW_CHARS = 4_000;

function preview(text: string): string | null {
  const lines = text.split('\n');
  if (lines.length <= PREVIEW_LINES && text.length <= PREVIEW_CHARS) return null;
  return lines.slice(0, PREVIEW_LINES).join('\n').slice(0, PREVIEW_CHARS);
}

/**
 * A tool's output as preformatted text, cut to a preview when long: results of many megabytes
 * are normal and would make every row of the transcript slow to lay out.
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
  const short = preview(text);
  if (!text) return null;
  return (
    <div className={isError ? 'agent-tool-output error' : 'agent-tool-output'}>
      <pre aria-label={label}>{expanded || short === null ? text : short}</pre>
      {short !== null && (
        <button type="button" className="agent-link-button" onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Show less' : `Show all ${text.split('\n').length} lines`}
        </button>
      )}
    </div>
  );
}
