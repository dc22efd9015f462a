import type { PersistedOutput } from './persisted-output';
import { ToolOutput } from './ToolOutput';

/** An output the CLI saved to a file: where it is, and the preview the CLI kept of it. */
export function SavedOutput({ saved, label }: { saved: PersistedOutput; label: string }) {
  return (
    <div className="agent-tool-saved">
      <p>
        {saved.note}: saved to <code className="agent-tool-saved-path">{saved.path}</code>
      </p>
      <p className="agent-tool-saved-preview">Preview ({saved.previewOf}):</p>
      <ToolOutput text={saved.preview} label={label} />
    </div>
  );
}
