import { useEffect, useRef, useState } from 'react';
import type { SessionDigest } from '../../../../shared/commit-proposal';
import { failureReason, type HostApi } from '../../../../shared/host-api';
import type { Worktree, WorktreeLeftovers } from '../../../../shared/worktree';
import { ModalDialog } from '../../ui/ModalDialog';
import { CommitDialog } from './CommitDialog';
import './worktree.css';

interface WorktreeCloseProps {
  api: HostApi;
  blockId: string;
  title: string;
  worktree: Worktree;
  /** The block has work under way, which closing ends. */
  running: boolean;
  /** Close the block; the worktree and its branch stay (the block can be reopened). */
  onKeep(): void;
  /** The worktree is gone (merged or discarded): close the block for good, saying what happened. */
  onGone(outcome: string): void;
  onCancel(): void;
  /** What the block's agent session was about, for the commit message proposed. */
  digest(): SessionDigest;
}

type Step =
  | { name: 'choose' }
  | { name: 'commit' }
  | { name: 'busy'; doing: string }
  | { name: 'confirmDiscard'; leftovers: WorktreeLeftovers };

/**
 * Closing an agent block that works in its own worktree: keep the worktree, merge its branch into
 * the base, or discard both after a second look at what would be lost. Cancel has the focus at
 * each step, so a stray Enter changes nothing.
 */
export function WorktreeClose(props: WorktreeCloseProps) {
  const { api, blockId, worktree } = props;
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [failure, setFailure] = useState<string | null>(null);
  const [committed, setCommitted] = useState<string | null>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), [step.name]);

  const attempt = async (doing: string, action: () => Promise<void>) => {
    setFailure(null);
    setStep({ name: 'busy', doing });
    try {
      await action();
    } catch (error) {
      setFailure(failureReason(error));
      setStep({ name: 'choose' });
    }
  };
  const merge = () =>
    attempt(`Merging ${worktree.branch} into ${worktree.base}…`, async () => {
      const { into, commit } = await api.mergeWorktree({ worktree, agentId: blockId });
      props.onGone(`Merged ${worktree.branch} into ${into} (${commit}); its worktree is removed`);
    });
  const lookBeforeDiscard = () =>
    attempt('Looking at what the worktree holds…', async () => {
      setStep({ name: 'confirmDiscard', leftovers: await api.worktreeLeftovers({ worktree }) });
    });
  const discard = () =>
    attempt(`Discarding ${worktree.branch}…`, async () => {
      await api.discardWorktree({ worktree, agentId: blockId });
      props.onGone(`Discarded ${worktree.branch} and its worktree`);
    });

  if (step.name === 'commit') {
    return (
      <CommitDialog
        api={api}
        worktree={worktree}
        digest={props.digest()}
        onDone={(outcome) => {
          setCommitted(outcome);
          setStep({ name: 'choose' });
        }}
        onCancel={() => setStep({ name: 'choose' })}
      />
    );
  }

  if (step.name === 'confirmDiscard') {
    return (
      <ModalDialog
        label={`Discard ${worktree.branch}?`}
        className="close-confirm"
        onCancel={props.onCancel}
      >
        <p>
          This removes the worktree {worktree.path} and deletes the branch {worktree.branch}.
        </p>
        <Leftovers leftovers={step.leftovers} base={worktree.base} />
        <div className="close-confirm-buttons">
          <button type="button" ref={cancel} onClick={props.onCancel}>
            Cancel
          </button>
          <button type="button" className="danger" onClick={() => void discard()}>
            Discard
          </button>
        </div>
      </ModalDialog>
    );
  }

  const busy = step.name === 'busy';
  return (
    <ModalDialog
      label={`Close ${props.title}?`}
      className="close-confirm"
      onCancel={props.onCancel}
    >
      {props.running && <p>{props.title} is still running. Closing it ends what it is doing.</p>}
      <p>
        It works in its own worktree, {worktree.path}, on the branch {worktree.branch}. What becomes
        of them?
      </p>
      {busy ? <p role="status">{step.doing}</p> : committed && <p role="status">{committed}</p>}
      {failure && (
        <p role="alert" className="close-confirm-failure">
          {failure}
        </p>
      )}
      <div className="close-confirm-buttons">
        <button type="button" ref={cancel} onClick={props.onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="button" onClick={props.onKeep} disabled={busy}>
          Keep
        </button>
        <button
          type="button"
          onClick={() => setStep({ name: 'commit' })}
          disabled={busy}
          title="Commits what is left uncommitted in the worktree, then asks again"
        >
          Commit
        </button>
        <button
          type="button"
          onClick={() => void merge()}
          disabled={busy || !worktree.baseIsBranch}
          title={
            worktree.baseIsBranch
              ? 'Commits what is left uncommitted, merges, then removes the worktree and the branch'
              : `Made from a detached HEAD (${worktree.base}): there is no branch to merge into`
          }
        >
          Merge into {worktree.base}
        </button>
        <button type="button" onClick={() => void lookBeforeDiscard()} disabled={busy}>
          Discard
        </button>
      </div>
    </ModalDialog>
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
