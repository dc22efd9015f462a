import { useEffect, useRef, useState } from 'react';
import type { SessionDigest } from '../../../../shared/commit-proposal';
import type { HostApi } from '../../../../shared/host-api';
import type { Worktree, WorktreeLeftovers } from '../../../../shared/worktree';
import { ModalDialog } from '../../ui/ModalDialog';
import { CommitDialog } from './CommitDialog';
import {
  DiscardConfirm,
  MergeButton,
  StepStatus,
  useActionSteps,
  worktreeActions,
} from './worktree-actions';
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

/**
 * Closing an agent block that works in its own worktree: keep the worktree, merge its branch into
 * the base, or discard both after a second look at what would be lost. Cancel has the focus at
 * each step, so a stray Enter changes nothing.
 */
export function WorktreeClose(props: WorktreeCloseProps) {
  const { api, blockId, worktree } = props;
  const { step, setStep, failure, attempt } = useActionSteps<
    { name: 'confirmDiscard'; leftovers: WorktreeLeftovers } | { name: 'commit' }
  >();
  const [committed, setCommitted] = useState<string | null>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), [step.name]);

  const actions = worktreeActions(api, worktree, blockId);
  const merge = () => attempt(actions.merging, async () => props.onGone(await actions.merge()));
  const lookBeforeDiscard = () =>
    attempt(actions.looking, async () => ({
      name: 'confirmDiscard' as const,
      leftovers: await actions.leftovers(),
    }));
  const discard = () =>
    attempt(actions.discarding, async () => props.onGone(await actions.discard()));

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
      <DiscardConfirm
        worktree={worktree}
        leftovers={step.leftovers}
        onDiscard={() => void discard()}
        onCancel={props.onCancel}
      />
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
      <StepStatus doing={busy ? step.doing : committed} failure={failure} />
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
        <MergeButton worktree={worktree} disabled={busy} onMerge={() => void merge()} />
        <button type="button" onClick={() => void lookBeforeDiscard()} disabled={busy}>
          Discard
        </button>
      </div>
    </ModalDialog>
  );
}
