import { useEffect, useRef, useState } from 'react';
import type { HostApi } from '../../../../../shared/host-api';
import { ModalDialog } from '../../../ui/ModalDialog';
import { exportTranscript, type ExportFormat } from './export-transcript';
import type { TranscriptItem } from '../model/transcript-model';

interface ExportTranscriptProps {
  api: HostApi;
  items: readonly TranscriptItem[];
  title: string;
  /** Closes the dialog, with what happened when something did. */
  onDone(outcome: string | null): void;
}

/** "Export transcript": the whole conversation to a Markdown file or a self-contained HTML page. */
export function ExportTranscript({ api, items, title, onDone }: ExportTranscriptProps) {
  const first = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => first.current?.focus(), []);
  const save = (format: ExportFormat) => {
    setBusy(true);
    void exportTranscript(api, items, title, format).then(onDone);
  };
  return (
    <ModalDialog label="Export transcript" className="close-confirm" onCancel={() => onDone(null)}>
      <p>Export the whole conversation of “{title}”.</p>
      <div className="close-confirm-buttons">
        <button type="button" ref={first} disabled={busy} onClick={() => save('markdown')}>
          Markdown
        </button>
        <button type="button" disabled={busy} onClick={() => save('html')}>
          HTML
        </button>
        <button type="button" disabled={busy} onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </ModalDialog>
  );
}
