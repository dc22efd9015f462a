import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { SessionDigest } from '../../../shared/commit-proposal';
import type { HostApi } from '../../../shared/host-api';
import type { BlockSpec } from '../../../shared/workspace-state';
import type { BlockActivity } from '../blocks/block-activity';
import { CloseConfirm } from './CloseConfirm';
import { hasRunningWork } from './running-work';
import { WorktreeClose } from './worktree/WorktreeClose';

interface CloseGuardOptions {
  api: HostApi;
  blocks: Readonly<Record<string, BlockSpec>>;
  /** The blocks in focus order. */
  order: readonly string[];
  activityOf(blockId: string): BlockActivity | undefined;
  titleOf(blockId: string): string;
  /** What a block's agent session was about, for a commit from the close dialog. */
  digestOf(blockId: string): SessionDigest;
  close(blockId: string): void;
  /** Closes a block that cannot come back (its worktree is gone), saying what was done. */
  closeForGood(blockId: string, outcome: string): void;
  /** Back into the block the user chose to keep. */
  refocus(blockId: string): void;
}

/**
 * Closing goes through here: a block with running work asks first, an idle one closes at once,
 * and one that works in its own worktree always asks what becomes of it.
 */
export function useCloseGuard(options: CloseGuardOptions): {
  requestClose(blockId: string): void;
  dialog: ReactNode;
} {
  const [asking, setAsking] = useState<{
    blockId: string;
    running: boolean;
    unknown: boolean;
  } | null>(null);
  const latest = useRef(options);
  latest.current = options;

  // Blocks being closed: while the host is asked, and after, until the workspace has let them go.
  const closing = useRef(new Set<string>());
  for (const blockId of closing.current) {
    if (!(blockId in options.blocks)) closing.current.delete(blockId);
  }

  const requestClose = useCallback((requested: string) => {
    const { api, blocks, order, activityOf, close } = latest.current;
    const blockId = closeTarget(order, closing.current, requested);
    const spec = blockId && blocks[blockId];
    if (!blockId || !spec) return;
    closing.current.add(blockId);
    void hasRunningWork(api, blockId, spec, activityOf(blockId)).then((running) => {
      if (!running && !spec.worktree) return close(blockId);
      closing.current.delete(blockId);
      setAsking({ blockId, running: running !== false, unknown: running === 'unknown' });
    });
  }, []);

  const spec = asking && options.blocks[asking.blockId];
  let dialog: ReactNode = null;
  if (asking && spec) {
    const { blockId } = asking;
    const title = options.titleOf(blockId);
    const settle = (then: () => void) => () => {
      setAsking(null);
      then();
    };
    const cancel = settle(() => options.refocus(blockId));
    const close = settle(() => options.close(blockId));
    dialog = spec.worktree ? (
      <WorktreeClose
        api={options.api}
        blockId={blockId}
        title={title}
        worktree={spec.worktree}
        running={asking.running}
        digest={() => options.digestOf(blockId)}
        onKeep={close}
        onGone={(outcome) => settle(() => options.closeForGood(blockId, outcome))()}
        onCancel={cancel}
      />
    ) : (
      <CloseConfirm title={title} unknown={asking.unknown} onClose={close} onCancel={cancel} />
    );
  }
  return { requestClose, dialog };
}

/**
 * The block a close asked for `requested` applies to. Asking the host whether a terminal is busy
 * takes a moment, and a second close pressed meanwhile means the block that will have the focus
 * then: the next one not being closed, else the one before, as the focus moves after a close.
 */
export function closeTarget(
  order: readonly string[],
  closing: ReadonlySet<string>,
  requested: string,
): string | null {
  if (!closing.has(requested)) return requested;
  const at = order.indexOf(requested);
  const open = order.filter((blockId) => !closing.has(blockId));
  return open.find((blockId) => order.indexOf(blockId) > at) ?? open.at(-1) ?? null;
}
