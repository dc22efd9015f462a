import { CLOSED_BLOCKS_KEPT, type ClosedBlock } from '../../../shared/workspace-state';

/** The stack with `block` on top; the oldest leave it beyond what is kept. */
export function pushClosed(stack: readonly ClosedBlock[] = [], block: ClosedBlock): ClosedBlock[] {
  return [...stack, block].slice(-CLOSED_BLOCKS_KEPT);
}

/** The most recently closed block and the stack without it. */
export function popClosed(stack: readonly ClosedBlock[] = []): {
  block: ClosedBlock | undefined;
  stack: ClosedBlock[];
} {
  return { block: stack.at(-1), stack: stack.slice(0, -1) };
}

/** Blocks that were in `before` and are gone for good: neither in `after` nor open again. */
export function letGo(
  before: readonly ClosedBlock[] = [],
  after: readonly ClosedBlock[] = [],
  open: (blockId: string) => boolean,
): ClosedBlock[] {
  const kept = new Set(after.map((block) => block.blockId));
  return before.filter((block) => !kept.has(block.blockId) && !open(block.blockId));
}
