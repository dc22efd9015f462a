import { useEffect, useRef, useState } from 'react';
import type { HostApi } from '../../../../../shared/host-api';
import type { RewindChanges } from '../../../../../shared/contract/rewind';
import { ModalDialog } from '../../../ui/ModalDialog';
import { errorMessage } from '../../../../../shared/error-message';

interface RewindFilesProps {
  api: HostApi;
  agentId: string;
  /** The prompt to rewind to: the files go back to as they were before it was sent. */
  userMessageId: string;
  /** Closes the dialog, with what happened when something did. */
  onDone(outcome: string | null): void;
}

/**
 * "Rewind code to here": what the rewind would change (Claude Code's dry run) before anything
 * changes, then the rewind itself. Cancel is focused: the rewind overwrites files. Once the rewind
 * is under way the dialog stays until it is over, so a failure is shown, not lost with the dialog.
 */
export function RewindFiles({ api, agentId, userMessageId, onDone }: RewindFilesProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  const [changes, setChanges] = useState<RewindChanges | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // At the start, and after a failure (the Rewind button that had the focus is disabled then).
  useEffect(() => cancel.current?.focus(), [problem]);
  useEffect(() => {
    let shown = true;
    api.previewRewind({ agentId, userMessageId }).then(
      (preview) => shown && setChanges(preview),
      (error: unknown) => shown && setProblem(errorMessage(error)),
    );
    return () => {
      shown = false;
    };
  }, [api, agentId, userMessageId]);

  const rewind = (files: number) => {
    setBusy(true);
    api.rewindFiles({ agentId, userMessageId }).then(
      () => onDone(`Rewound ${files === 1 ? '1 file' : `${files} files`} to before that message.`),
      (error: unknown) => {
        setBusy(false);
        setProblem(errorMessage(error));
      },
    );
  };

  const files = changes?.files ?? [];
  // Escape and a click outside as well as Cancel.
  const close = () => {
    if (!busy) onDone(null);
  };
  return (
    <ModalDialog label="Rewind files" className="close-confirm" onCancel={close}>
      {problem ? (
        <p role="alert">Cannot rewind: {problem}</p>
      ) : !changes ? (
        <p role="status">Checking what the rewind would change…</p>
      ) : files.length === 0 ? (
        <p>No file the agent edited has changed since this message: there is nothing to rewind.</p>
      ) : (
        <>
          <p>
            Put {files.length === 1 ? 'this file' : `these ${files.length} files`} back as{' '}
            {files.length === 1 ? 'it was' : 'they were'} before this message (
            <span className="agent-changes-added">+{changes.insertions}</span>{' '}
            <span className="agent-changes-removed">−{changes.deletions}</span> lines):
          </p>
          <ul className="agent-rewind-files" aria-label="Files to rewind">
            {files.map((file) => (
              <li key={file}>
                <code>{file}</code>
              </li>
            ))}
          </ul>
        </>
      )}
      {busy && <p role="status">Rewinding…</p>}
      <p className="agent-note">
        Only what Claude’s edit tools wrote comes back. Changes made through Bash are not tracked
        and stay as they are.
      </p>
      <div className="close-confirm-buttons">
        <button
          type="button"
          disabled={busy || problem !== null || files.length === 0}
          onClick={() => rewind(files.length)}
        >
          Rewind
        </button>
        <button type="button" ref={cancel} disabled={busy} onClick={close}>
          Cancel
        </button>
      </div>
    </ModalDialog>
  );
}
