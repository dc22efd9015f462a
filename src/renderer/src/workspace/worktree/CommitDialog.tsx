import { useEffect, useState } from 'react';
import { proposeCommitMessage, type SessionDigest } from '../../../../shared/commit-proposal';
import { failureReason, type HostApi } from '../../../../shared/host-api';
import type { Worktree, WorktreeLeftovers } from '../../../../shared/worktree';
import { ModalDialog } from '../../ui/ModalDialog';
import { FormFooter, useSubmit } from './form-dialog';
import './worktree.css';

interface CommitDialogProps {
  api: HostApi;
  worktree: Worktree;
  /** What the agent's session was about, for the message proposed. */
  digest: SessionDigest;
  /** Committed: what to tell the user. */
  onDone(outcome: string): void;
  onCancel(): void;
}

/**
 * "Commit": every change in the worktree, listed, with a message proposed from the session that
 * the user edits. git commits with the user's identity and hooks; a refusal (a hook's, or nothing
 * to commit) shows here and the message stays.
 */
export function CommitDialog({ api, worktree, digest, onDone, onCancel }: CommitDialogProps) {
  const [message, setMessage] = useState(() => proposeCommitMessage(digest));
  const [files, setFiles] = useState<WorktreeLeftovers | null>(null);
  const { busy, failure, setFailure, submit } = useSubmit();
  useEffect(() => {
    api.worktreeLeftovers({ worktree }).then(setFiles, (error: unknown) => {
      setFailure(failureReason(error));
    });
  }, [api, worktree, setFailure]);

  const commit = () =>
    submit(async () => {
      const { commit, files } = await api.commitWorktree({ worktree, message });
      const count = `${files.length} ${files.length === 1 ? 'file' : 'files'}`;
      onDone(`Committed ${count} to ${worktree.branch} (${commit})`);
    });
  const nothing = files !== null && files.uncommittedTotal === 0;
  return (
    <ModalDialog
      label={`Commit to ${worktree.branch}`}
      className="close-confirm worktree-form"
      onCancel={onCancel}
      cancelOnClickOutside={false}
    >
      <label className="worktree-field">
        Commit message
        <textarea
          rows={8}
          value={message}
          autoFocus
          onChange={(event) => setMessage(event.target.value)}
        />
      </label>
      {files === null ? (
        <p>Looking at what changed…</p>
      ) : nothing ? (
        <p>No file has changed since the last commit: there is nothing to commit.</p>
      ) : (
        <>
          <p>
            {files.uncommittedTotal} {files.uncommittedTotal === 1 ? 'file' : 'files'} will be
            committed:
          </p>
          <ul aria-label="Files to commit" className="leftovers">
            {files.uncommittedFiles.map((file) => (
              <li key={file}>{file}</li>
            ))}
            {files.uncommittedTotal > files.uncommittedFiles.length && (
              <li>… and {files.uncommittedTotal - files.uncommittedFiles.length} more</li>
            )}
          </ul>
        </>
      )}
      <FormFooter busy={busy} doing="Committing…" failure={failure} onCancel={onCancel}>
        <button
          type="button"
          onClick={() => void commit()}
          disabled={busy || nothing || !message.trim()}
        >
          Commit
        </button>
      </FormFooter>
    </ModalDialog>
  );
}
