import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../shared/error-message';
import type { HostApi } from '../../../shared/host-api';
import type {
  BlockSpec,
  ClosedBlock,
  Orientation,
  WorkspaceState,
} from '../../../shared/workspace-state';
import { letGo, popClosed, pushClosed } from './closed-blocks';
import {
  blockOrder,
  insertBlock,
  placeOf,
  removeBlock,
  resizeBlock,
  restoreBlock,
  setSplitSizes,
} from './layout';

const SAVE_DELAY_MS = 250;

const newId = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;

/**
 * What a new block starts from besides its kind: its folder (on its host, for a block on another
 * machine), worktree, or a session to resume, and the title of one that continues another.
 */
export type NewBlock = Partial<
  Pick<
    BlockSpec,
    'cwd' | 'host' | 'worktree' | 'sessionId' | 'fork' | 'resumeAt' | 'setup' | 'run' | 'title'
  >
>;

export interface Workspace {
  state: WorkspaceState;
  /** Bumped whenever keyboard focus must move into the focused block. */
  focusToken: number;
  /** The block zoomed to the whole workspace, if any (not saved: a restart shows the splits). */
  maximized: string | null;
  toggleMaximize(): void;
  /** A new block beside the focused one, in `cwd` (default: the workspace directory). */
  /** Returns the new block's id. */
  add(kind: string, orientation: Orientation, from?: NewBlock): string;
  /** `reopenable: false`: what the block stood on is gone, so it does not go on the closed list. */
  close(blockId: string, reopenable?: boolean): void;
  /** Brings back the most recently closed block where it was; false when none is left. */
  reopen(): boolean;
  focus(blockId: string, moveKeyboard: boolean): void;
  resize(splitId: string, sizes: number[]): void;
  resizeBlock(blockId: string, step: number): void;
  updateSpec(blockId: string, patch: Partial<BlockSpec>): void;
}

/**
 * The workspace's blocks and layout, loaded from the host once and saved back (debounced) after
 * every change, so they survive a restart.
 */
export function useWorkspace(
  api: HostApi,
  workspaceDir: string,
  initial: WorkspaceState,
  /** A closed block that can no longer be reopened: what it kept (an agent's transcript) can go. */
  forget: (block: ClosedBlock) => void,
): Workspace {
  const [state, setState] = useState(initial);
  const [focusToken, setFocusToken] = useState(0);
  const moveFocus = useCallback(() => setFocusToken((token) => token + 1), []);
  const latest = useRef(state);
  latest.current = state;
  // Zoomed, the workspace shows the focused block alone: focusing another one zooms to it.
  const [zoomed, setZoomed] = useState(false);
  const maximized = zoomed ? state.focused : null;
  const toggleMaximize = useCallback(() => {
    setZoomed((current) => !current);
    moveFocus();
  }, [moveFocus]);

  const latestForget = useRef(forget);
  latestForget.current = forget;

  const saved = useRef(initial);
  useEffect(() => {
    if (saved.current === state) return;
    const timer = setTimeout(() => {
      saved.current = state;
      api.saveWorkspace({ workspace: state }).catch((error: unknown) => {
        console.error(`tether: could not save the workspace (${errorMessage(error)})`);
      });
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [api, state]);

  const add = useCallback(
    (kind: string, orientation: Orientation, from: NewBlock = {}) => {
      const blockId = newId('block');
      setState((current) => {
        const beside = current.focused ? current.blocks[current.focused] : undefined;
        const spec: BlockSpec = { ...from, kind, ...placeOfNew(kind, from, beside, workspaceDir) };
        return {
          ...current,
          layout: insertBlock(current.layout, current.focused, blockId, orientation, () =>
            newId('split'),
          ),
          blocks: { ...current.blocks, [blockId]: spec },
          focused: blockId,
        };
      });
      moveFocus();
      return blockId;
    },
    [workspaceDir, moveFocus],
  );

  const close = useCallback(
    (blockId: string, reopenable = true) => {
      const spec = latest.current.blocks[blockId];
      if (spec && !reopenable) latestForget.current({ blockId, spec, place: null });
      setState((current) => {
        const spec = current.blocks[blockId];
        if (!spec) return current;
        const place = placeOf(current.layout, blockId);
        const closed = reopenable
          ? pushClosed(current.closed, { blockId, spec, place })
          : current.closed;
        const order = blockOrder(current.layout);
        const index = order.indexOf(blockId);
        const rest = order.filter((id) => id !== blockId);
        const blocks = { ...current.blocks };
        delete blocks[blockId];
        const focused =
          current.focused === blockId
            ? (rest[Math.min(index, rest.length - 1)] ?? null)
            : current.focused;
        const layout = removeBlock(current.layout, blockId);
        return { ...current, layout, blocks, focused, closed };
      });
      moveFocus();
    },
    [moveFocus],
  );

  // The same id: an agent block finds its transcript under it. The host starts afresh what the close
  // ended (a shell in the block's folder, the agent resuming its Claude session).
  const reopen = useCallback(() => {
    if (!latest.current.closed?.length) return false;
    setState((current) => {
      const { block, stack: closed } = popClosed(current.closed);
      if (!block) return current;
      const { blockId } = block;
      const newSplit = () => newId('split');
      const layout =
        restoreBlock(current.layout, block.place, blockId, newSplit) ??
        insertBlock(current.layout, current.focused, blockId, 'horizontal', newSplit);
      return {
        ...current,
        layout,
        blocks: { ...current.blocks, [blockId]: block.spec },
        focused: blockId,
        closed,
      };
    });
    moveFocus();
    return true;
  }, [moveFocus]);

  const remembered = useRef(initial.closed);
  useEffect(() => {
    const gone = letGo(remembered.current, state.closed, (blockId) => blockId in state.blocks);
    remembered.current = state.closed;
    gone.forEach((block) => latestForget.current(block));
  }, [state.closed, state.blocks]);

  const focus = useCallback(
    (blockId: string, moveKeyboard: boolean) => {
      setState((current) =>
        current.focused === blockId ? current : { ...current, focused: blockId },
      );
      if (moveKeyboard) moveFocus();
    },
    [moveFocus],
  );

  const resize = useCallback((splitId: string, sizes: number[]) => {
    setState((current) => {
      const layout = setSplitSizes(current.layout, splitId, sizes.map(roundSize));
      return JSON.stringify(layout) === JSON.stringify(current.layout)
        ? current
        : { ...current, layout };
    });
  }, []);

  const resizeOne = useCallback((blockId: string, step: number) => {
    setState((current) => ({ ...current, layout: resizeBlock(current.layout, blockId, step) }));
  }, []);

  const updateSpec = useCallback((blockId: string, patch: Partial<BlockSpec>) => {
    setState((current) => {
      const block = current.blocks[blockId];
      if (!block) return current;
      return { ...current, blocks: { ...current.blocks, [blockId]: { ...block, ...patch } } };
    });
  }, []);

  return {
    state,
    focusToken,
    maximized,
    toggleMaximize,
    add,
    close,
    reopen,
    focus,
    resize,
    resizeBlock: resizeOne,
    updateSpec,
  };
}

/**
 * Where a new block opens when `from` does not say: a terminal split from a terminal starts where
 * that one's shell is now; any block opened beside a block on another machine opens on that host,
 * in its folder (the workspace's folder is on this machine, which means nothing there).
 */
export function placeOfNew(
  kind: string,
  from: NewBlock,
  beside: BlockSpec | undefined,
  workspaceDir: string,
): Pick<BlockSpec, 'cwd' | 'host'> {
  if (from.cwd) return { cwd: from.cwd, ...(from.host ? { host: from.host } : {}) };
  if (beside?.host) return { cwd: beside.cwd, host: beside.host };
  const besideCwd = kind === 'terminal' && beside?.kind === 'terminal' ? beside.cwd : undefined;
  return { cwd: besideCwd ?? workspaceDir };
}

// Sizes come back from the layout library as long fractions; persisting them rounded keeps a
// re-measured but unchanged layout from counting as a change.
function roundSize(size: number): number {
  return Math.round(size * 100) / 100;
}
