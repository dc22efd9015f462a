import { useState } from 'react';
import type { Paste } from './pasted-text';
import { pastePreview } from './prompt-limit';

/**
 * The long pastes of the message, each as its "[Pasted N lines]" label: opened to read it,
 * removed to take it out of the message.
 */
export function PastedChips({
  pastes,
  onRemove,
}: {
  pastes: readonly Paste[];
  onRemove(paste: Paste): void;
}) {
  const [open, setOpen] = useState<string | null>(null);
  if (pastes.length === 0) return null;
  return (
    <ul className="agent-composer-chips" aria-label="Pasted text">
      {pastes.map((paste) => (
        <li key={paste.label} className="agent-paste">
          <button
            type="button"
            className="agent-paste-label"
            aria-expanded={open === paste.label}
            onClick={() => setOpen(open === paste.label ? null : paste.label)}
          >
            {paste.label}
          </button>
          <button
            type="button"
            className="agent-chip-remove"
            aria-label={`Remove ${paste.label}`}
            onClick={() => onRemove(paste)}
          >
            ×
          </button>
          {open === paste.label && (
            <pre className="agent-paste-text">{pastePreview(paste.text)}</pre>
          )}
        </li>
      ))}
    </ul>
  );
}
