import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { failureReason, type HostApi } from '../../../../shared/host-api';
import { describePullRequest } from '../../../../shared/pull-request';
import type { BlockSpec } from '../../../../shared/workspace-state';
import type { Worktree, WorktreeLeftovers } from '../../../../shared/worktree';
import {
  describeCounts,
  type ListedWorktree,
  type WorktreeList,
} from '../../../../shared/worktree-list';
import { DialogHeader } from '../../ui/DialogHeader';
import { ModalDialog } from '../../ui/ModalDialog';
import {
  ConfirmLoss,
  DiscardConfirm,
  MergeButton,
  StepStatus,
  useActionSteps,
  worktreeActions,
} from './worktree-actions';
import './worktree.css';

/** Where the repository is: a block's folder, and its host for a remote block. */
export interface RepositoryPlace {
  cwd: string;
  host?: string;
}

interface WorktreesDialogProps {
  api: HostApi;
  /** The focused block's repository (or the first block's); null when no block is open. */
  place: RepositoryPlace | null;
  blocks: Readonly<Record<string, BlockSpec>>;
  titleOf(blockId: string): string;
  /** Go to the block working in the worktree, or (null) open a new agent block in it. */
  onOpen(worktree: Worktree, blockId: string | null): void;
  /** The worktree the block worked in is merged or discarded: the block closes for good. */
  onBlockGone(blockId: string): void;
  onClose(): void;
}

type Load =
  { state: 'loading' } | { state: 'failed'; reason: string } | { state: 'ok'; list: WorktreeList };

type Confirm = {
  name: 'confirmDiscard' | 'confirmPrune';
  worktree: Worktree;
  leftovers: WorktreeLeftovers;
};

/** The open block that works in the worktree (saved with it when "New agent in worktree" made it). */
export function blockUsing(
  blocks: Readonly<Record<string, BlockSpec>>,
  worktree: Worktree,
): string | null {
  const found = Object.entries(blocks).find(
    ([, spec]) =>
      spec.worktree?.branch === worktree.branch &&
      spec.worktree.host === worktree.host &&
      (spec.worktree.repo === worktree.repo || spec.worktree.path === worktree.path),
  );
  return found?.[0] ?? null;
}

/**
 * "Worktrees": every Tether worktree of a repository with how far it is from its base, what is
 * uncommitted, its pull request and the block using it; open, merge, discard or prune one. The
 * arrows move along the list, Enter opens; Tab reaches the actions on the worktree the arrows are on.
 */
export function WorktreesDialog(props: WorktreesDialogProps) {
  const { api, place } = props;
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [active, setActive] = useState(0);
  const [outcome, setOutcome] = useState<string | null>(null);
  const { step, setStep, failure, attempt } = useActionSteps<Confirm>();
  const listbox = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const listId = useId();

  const cwd = place?.cwd;
  const host = place?.host;
  const reload = useCallback(async () => {
    if (!cwd) return;
    try {
      const list = await api.listWorktrees({ cwd, ...(host ? { host } : {}) });
      setLoad({ state: 'ok', list });
      setActive((at) => Math.max(0, Math.min(at, list.worktrees.length - 1)));
    } catch (error) {
      setLoad({ state: 'failed', reason: failureReason(error) });
    }
  }, [api, cwd, host]);
  useEffect(() => void reload(), [reload]);

  const rows = load.state === 'ok' ? load.list.worktrees : [];
  // The keyboard goes to the list once there is one, else to Close; back there after a step.
  const hasRows = rows.length > 0;
  useEffect(() => {
    if (step.name !== 'choose') return;
    (hasRows ? listbox.current : close.current)?.focus();
  }, [hasRows, step.name, load.state]);

  const selected: ListedWorktree | undefined = rows[active];
  const blockOf = (worktree: Worktree) => blockUsing(props.blocks, worktree);
  const titleOfBlock = (blockId: string | null) => (blockId ? props.titleOf(blockId) : null);
  const busy = step.name === 'busy';

  /**
   * A merge, discard or prune: once done, say what was done, close the block it left without a
   * worktree, and list again.
   */
  const act = (worktree: Worktree, doing: string, what: () => Promise<string>) => {
    setOutcome(null);
    return attempt(doing, async () => {
      const said = await what();
      const blockId = blockOf(worktree);
      if (blockId) props.onBlockGone(blockId);
      setOutcome(said);
      await reload();
    });
  };
  const actionsFor = (worktree: Worktree) =>
    worktreeActions(api, worktree, blockOf(worktree) ?? undefined);
  const merge = (worktree: Worktree) => {
    const actions = actionsFor(worktree);
    return act(worktree, actions.merging, actions.merge);
  };
  const lookFirst = (worktree: Worktree, name: Confirm['name']) => {
    const actions = actionsFor(worktree);
    setOutcome(null);
    return attempt(actions.looking, async () => ({
      name,
      worktree,
      leftovers: await actions.leftovers(),
    }));
  };
  const discard = (worktree: Worktree) => {
    const actions = actionsFor(worktree);
    return act(worktree, actions.discarding, actions.discard);
  };
  const prune = (worktree: Worktree) =>
    act(worktree, `Pruning ${worktree.branch}…`, async () => {
      await api.pruneWorktree({ worktree });
      return `Pruned the worktree of ${worktree.branch}; the branch stays`;
    });
  // Discarding a worktree whose folder is gone prunes it and deletes the branch.
  const pruneAndDelete = (worktree: Worktree) =>
    act(worktree, `Pruning ${worktree.branch} and deleting the branch…`, async () => {
      await actionsFor(worktree).discard();
      return `Pruned the worktree of ${worktree.branch} and deleted the branch`;
    });
  const open = (listed: ListedWorktree) => {
    if (!listed.gone) props.onOpen(listed.worktree, blockOf(listed.worktree));
  };

  const cancelConfirm = () => setStep({ name: 'choose' });
  if (step.name === 'confirmDiscard') {
    return (
      <DiscardConfirm
        worktree={step.worktree}
        leftovers={step.leftovers}
        onDiscard={() => void discard(step.worktree)}
        onCancel={cancelConfirm}
      />
    );
  }
  if (step.name === 'confirmPrune') {
    const { worktree } = step;
    return (
      <ConfirmLoss
        label={`Prune ${worktree.branch}?`}
        worktree={worktree}
        leftovers={step.leftovers}
        onCancel={cancelConfirm}
        actions={[
          { name: 'Prune', run: () => void prune(worktree) },
          {
            name: 'Prune and delete branch',
            danger: true,
            run: () => void pruneAndDelete(worktree),
          },
        ]}
      >
        Its folder {worktree.path} is gone. Pruning makes git forget the worktree; the branch{' '}
        {worktree.branch} stays unless you delete it too.
      </ConfirmLoss>
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = rows.length - 1;
    const to: Record<string, number> = {
      ArrowDown: Math.min(active + 1, last),
      ArrowUp: Math.max(active - 1, 0),
      Home: 0,
      End: last,
    };
    if (event.key in to) {
      event.preventDefault();
      setActive(to[event.key]!);
    } else if (event.key === 'Enter' && selected) {
      event.preventDefault();
      open(selected);
    }
  };

  // The title of the block working in the selected worktree.
  const selectedBlock = selected ? titleOfBlock(blockOf(selected.worktree)) : null;
  return (
    <ModalDialog label="Worktrees" className="worktrees close-confirm" onCancel={props.onClose}>
      <DialogHeader label="Worktrees" onClose={props.onClose} />
      {!place ? (
        <p>No block is open, so there is no repository to list: open a block in one first.</p>
      ) : load.state === 'loading' ? (
        <p role="status">Reading the worktrees of {place.cwd}…</p>
      ) : load.state === 'failed' ? (
        <p role="alert" className="close-confirm-failure">
          {load.reason}
        </p>
      ) : (
        <>
          <p className="worktrees-repo">
            {load.list.repo}
            {place.host ? ` on ${place.host}` : ''}
          </p>
          {rows.length === 0 ? (
            <p>No Tether worktrees here: "New agent in worktree" makes one.</p>
          ) : (
            <div
              ref={listbox}
              role="listbox"
              aria-label="Tether worktrees"
              tabIndex={0}
              className="worktrees-list"
              aria-activedescendant={`${listId}-${active}`}
              onKeyDown={onKeyDown}
            >
              {rows.map((listed, index) => (
                <WorktreeRow
                  key={listed.worktree.path}
                  id={`${listId}-${index}`}
                  listed={listed}
                  active={index === active}
                  blockTitle={titleOfBlock(blockOf(listed.worktree))}
                  onSelect={() => setActive(index)}
                  onOpen={() => open(listed)}
                />
              ))}
            </div>
          )}
        </>
      )}
      {/* One status: what is under way, else what was last done. */}
      <StepStatus doing={busy ? step.doing : outcome} failure={failure} />
      {selected && (
        <div
          role="group"
          aria-label={`Actions for ${selected.worktree.branch}`}
          className="close-confirm-buttons"
        >
          {selected.gone ? (
            <button
              type="button"
              disabled={busy}
              onClick={() => void lookFirst(selected.worktree, 'confirmPrune')}
            >
              Prune
            </button>
          ) : (
            <>
              <button
                type="button"
                disabled={busy}
                onClick={() => open(selected)}
                title={
                  selectedBlock
                    ? `Go to ${selectedBlock}`
                    : 'Opens a new agent block in the worktree'
                }
              >
                Open
              </button>
              <MergeButton
                worktree={selected.worktree}
                disabled={busy}
                onMerge={() => void merge(selected.worktree)}
              />
              <button
                type="button"
                disabled={busy}
                onClick={() => void lookFirst(selected.worktree, 'confirmDiscard')}
              >
                Discard
              </button>
            </>
          )}
        </div>
      )}
      {selectedBlock && !selected?.gone && (
        <p className="worktrees-note">
          Merging or discarding ends {selectedBlock}, which works in it.
        </p>
      )}
      <div className="close-confirm-buttons">
        <button type="button" ref={close} onClick={props.onClose}>
          Close
        </button>
      </div>
    </ModalDialog>
  );
}

function WorktreeRow(props: {
  id: string;
  listed: ListedWorktree;
  active: boolean;
  blockTitle: string | null;
  onSelect(): void;
  onOpen(): void;
}) {
  const { listed } = props;
  const { worktree, pullRequest } = listed;
  return (
    <div
      id={props.id}
      role="option"
      aria-selected={props.active}
      className={props.active ? 'worktrees-row active' : 'worktrees-row'}
      title={worktree.path}
      onMouseDown={(event) => event.preventDefault()}
      onClick={props.onSelect}
      onDoubleClick={props.onOpen}
    >
      <div className="worktrees-row-title">
        <span className="worktree-branch">⎇ {worktree.branch}</span>
        <span>{props.blockTitle ?? 'no block'}</span>
      </div>
      <div className="worktrees-row-meta">
        {describeCounts(listed)}
        {pullRequest && ` · PR ${describePullRequest(pullRequest)}`}
      </div>
    </div>
  );
}
