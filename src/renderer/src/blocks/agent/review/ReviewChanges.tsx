import { useEffect, useRef, useState } from 'react';
import { failureReason, type HostApi } from '../../../../../shared/host-api';
import { ModalDialog } from '../../../ui/ModalDialog';
import { changesByFile, editHunks, hunkKey, type EditHunk } from '../model/file-changes';
import type { TranscriptItem } from '../model/transcript-model';
import { DiffView } from '../tools/DiffView';
import { ReviewCommentList } from './ReviewCommentList';
import type { ReviewComments } from './use-review-comments';

interface ReviewChangesProps {
  api: HostApi;
  agentId: string;
  items: readonly TranscriptItem[];
  review: ReviewComments;
  onClose(): void;
}

/**
 * "Review changes": every file the session's edit tools changed, hunk by hunk, each with
 * "Revert hunk" (the host puts the old text back, or refuses when the file changed since) and the
 * file with "Open in editor"; lines of a hunk take review comments ("Comment"), listed under the
 * diffs until they are sent to Claude.
 */
export function ReviewChanges({ api, agentId, items, review, onClose }: ReviewChangesProps) {
  const files = changesByFile(editHunks(items));
  const [outcomes, setOutcomes] = useState<Record<string, { ok: boolean; text: string }>>({});
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);
  const said = (key: string, ok: boolean, text: string) =>
    setOutcomes((before) => ({ ...before, [key]: { ok, text } }));

  const revert = (hunk: EditHunk) =>
    api.revertAgentEdit({ agentId, toolUseId: hunk.toolUseId, editIndex: hunk.editIndex }).then(
      () => said(hunkKey(hunk), true, 'Reverted'),
      (failure: unknown) => said(hunkKey(hunk), false, `Not reverted: ${failureReason(failure)}`),
    );
  const open = (hunk: EditHunk) =>
    api.openEditedFile({ agentId, toolUseId: hunk.toolUseId }).then(
      () => said(hunk.path, true, 'Opened'),
      (failure: unknown) => said(hunk.path, false, failureReason(failure)),
    );

  return (
    <ModalDialog label="Review changes" className="library agent-review" onCancel={onClose}>
      <div className="agent-review-head">
        <strong>
          {files.length === 0
            ? 'No file was changed by an edit tool in this session.'
            : `${files.length} ${files.length === 1 ? 'file' : 'files'} changed in this session`}
        </strong>
        <button type="button" ref={close} onClick={onClose}>
          Close
        </button>
      </div>
      <div className="agent-review-files">
        {files.map((file) => (
          <section key={file.path} aria-label={file.path}>
            <h3>
              <code>{file.path}</code> <span className="agent-changes-added">+{file.added}</span>{' '}
              <span className="agent-changes-removed">−{file.removed}</span>{' '}
              <button type="button" onClick={() => void open(file.hunks[0]!)}>
                Open in editor
              </button>{' '}
              <Outcome outcome={outcomes[file.path]} />
            </h3>
            {file.hunks.map((hunk) => (
              <div key={hunkKey(hunk)} className="agent-review-hunk">
                <DiffView edit={hunk} commenting={review.commenting(hunk)} />
                <button
                  type="button"
                  disabled={hunk.notRevertible !== undefined || outcomes[hunkKey(hunk)]?.ok}
                  title={hunk.notRevertible}
                  onClick={() => void revert(hunk)}
                >
                  Revert hunk
                </button>{' '}
                {hunk.notRevertible && <span className="library-said">{hunk.notRevertible}</span>}
                <Outcome outcome={outcomes[hunkKey(hunk)]} />
              </div>
            ))}
          </section>
        ))}
        <ReviewCommentList review={review} onSent={() => close.current?.focus()} />
      </div>
    </ModalDialog>
  );
}

function Outcome({ outcome }: { outcome: { ok: boolean; text: string } | undefined }) {
  if (!outcome) return null;
  return (
    <span
      role={outcome.ok ? 'status' : 'alert'}
      className={outcome.ok ? 'library-said' : 'agent-review-failed'}
    >
      {outcome.text}
    </span>
  );
}
