import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { failureReason, type HostApi } from '../../../../shared/host-api';
import type { Worktree, WorktreeLeftovers } from '../../../../shared/worktree';
import { ModalDialog } from '../../ui/ModalDialog';
import './worktree.css';

// What the close dialog and the "Worktrees" list both offer for a worktree: merge and discard,
// with the same confirmation before anything is lost, and the same sentences after.

/** Where a dialog is: choosing, waiting on the host (saying what for), or asking to confirm. */
export type ActionStep<Confirm> = { name: 'choose' } | { name: 'busy'; doing: string } | Confirm;

/**
 * One worktree action at a time: the step says what is under way, and a failure comes back as
 * the host's sentence with the dialog at its choice again. An action may return the step to go to
 * (a confirmation); else the dialog is back at its choice.
 */
export function useActionSteps<Confirm extends { name: string }>() {
  const [step, setStep] = useState<ActionStep<Confirm>>({ name: 'choose' });
  const [failure, setFailure] = useState<string | null>(null);
  const attempt = useCallback(
    async (doing: string, action: () => Promise<ActionStep<Confirm> | void>) => {
      setFailure(null);
      setStep({ name: 'busy', doing });
      try {
        setStep((await action()) ?? { name: 'choose' });
      } catch (error) {
        setFailure(failureReason(error));
        setStep({ name: 'choose' });
      }
    },
    [],
  );
  return { step, setStep, failure, attempt };
}

/**
 * The requests behind Merge and Discard, each resolving with what it did in a sentence. The agent
 * `agentId` (the block working in the worktree) is stopped first by the host.
 */
export function worktreeActions(api: HostApi, worktree: Worktree, agentId: string | undefined) {
  const params = { worktree, ...(agentId ? { agentId } : {}) };
  return {
    merging: `Merging ${worktree.branch} into ${worktree.base}…`,
    merge: async () => {
      const { into, commit } = await api.mergeWorktree(params);
      return `Merged ${worktree.branch} into ${into} (${commit}); its worktree is removed`;
    },
    looking: 'Looking at what the worktree holds…',
    leftovers: () => api.worktreeLeftovers({ worktree }),
    discarding: `Discarding ${worktree.branch}…`,
    discard: async () => {
      await api.discardWorktree(params);
      return `Discarded ${worktree.branch} and its worktree`;
    },
  };
}

/** "Merge into <base>", off (and saying why) for a worktree made from a detached HEAD. */
export function MergeButton(props: { worktree: Worktree; disabled: boolean; onMerge(): void }) {
  const { worktree } = props;
  return (
    <button
      type="button"
      onClick={props.onMerge}
      disabled={props.disabled || !worktree.baseIsBranch}
      title={
        worktree.baseIsBranch
          ? 'Commits what is left uncommitted, merges, then removes the worktree and the branch'
          : `Made from a detached HEAD (${worktree.base}): there is no branch to merge into`
      }
    >
      Merge into {worktree.base}
    </button>
  );
}

/** What is under way, and why the last action failed. */
export function StepStatus({ doing, failure }: { doing: string | null; failure: string | null }) {
  return (
    <>
      {doing && <p role="status">{doing}</p>}
      {failure && (
        <p role="alert" className="close-confirm-failure">
          {failure}
        </p>
      )}
    </>
  );
}

interface ConfirmLossProps {
  label: string;
  worktree: Worktree;
  leftovers: WorktreeLeftovers;
  /** What the action does, in a sentence. */
  children: ReactNode;
  onCancel(): void;
  /** The buttons after Cancel, the one that loses work marked `danger`. */
  actions: readonly { name: string; danger?: boolean; run(): void }[];
}

/**
 * The second look before work is lost: the commits its base lacks and the uncommitted files.
 * Cancel has the focus, so a stray Enter changes nothing.
 */
export function ConfirmLoss(props: ConfirmLossProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <ModalDialog label={props.label} className="close-confirm" onCancel={props.onCancel}>
      <p>{props.children}</p>
      <Leftovers leftovers={props.leftovers} base={props.worktree.base} />
      <div className="close-confirm-buttons">
        <button type="button" ref={cancel} onClick={props.onCancel}>
          Cancel
        </button>
        {props.actions.map((action) => (
          <button
            key={action.name}
            type="button"
            className={action.danger ? 'danger' : undefined}
            onClick={action.run}
          >
            {action.name}
          </button>
        ))}
      </div>
    </ModalDialog>
  );
}

/** "Discard <branch>?": removing the worktree and deleting its branch, after `ConfirmLoss`. */
export function DiscardConfirm(props: {
  worktree: Worktree;
  leftovers: WorktreeLeftovers;
  onDiscard(): void;
  onCancel(): void;
}) {
  const { worktree } = props;
  return (
    <ConfirmLoss
      label={`Discard ${worktree.branch}?`}
      worktree={worktree}
      leftovers={props.leftovers}
      onCancel={props.onCancel}
      actions={[{ name: 'Discard', danger: true, run: props.onDiscard }]}
    >
      This removes the worktree {worktree.path} and deletes the branch {worktree.branch}.
    </ConfirmLoss>
  );
}

function Leftovers({ leftovers, base }: { leftovers: WorktreeLeftovers; base: string }) {
  const { unmergedCommits, unmergedTotal, uncommittedFiles, uncommittedTotal } = leftovers;
  if (unmergedTotal === 0 && uncommittedTotal === 0) {
    return <p>Nothing would be lost: every commit is in {base} and no file is uncommitted.</p>;
  }
  const more = (total: number, shown: number) =>
    total > shown ? <li>… and {total - shown} more</li> : null;
  return (
    <>
      {unmergedTotal > 0 && (
        <>
          <p>
            {unmergedTotal} {unmergedTotal === 1 ? 'commit is' : 'commits are'} not in {base}:
          </p>
          <ul aria-label="Unmerged commits" className="leftovers">
            {unmergedCommits.map((commit) => (
              <li key={commit.sha}>
                <code>{commit.sha}</code> {commit.subject}
              </li>
            ))}
            {more(unmergedTotal, unmergedCommits.length)}
          </ul>
        </>
      )}
      {uncommittedTotal > 0 && (
        <>
          <p>
            {uncommittedTotal} {uncommittedTotal === 1 ? 'file is' : 'files are'} not committed:
          </p>
          <ul aria-label="Uncommitted files" className="leftovers">
            {uncommittedFiles.map((file) => (
              <li key={file}>{file}</li>
            ))}
            {more(uncommittedTotal, uncommittedFiles.length)}
          </ul>
        </>
      )}
    </>
  );
}
