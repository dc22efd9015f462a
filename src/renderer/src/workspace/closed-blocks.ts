import type { BlockSpec } from '../../../shared/workspace-state';
import type { BlockPlace } from './layout';

/** A closed block, kept for "Reopen closed block": what it was and where it sat. */
export interface ClosedBlock {
  spec: BlockSpec;
  place: BlockPlace | null;
}

// Enough to walk back through a burst of closes; older ones are let go.
const KEEP = 20;

/** The most recently closed blocks, newest last. */
export class ClosedBlocks {
  private readonly stack: ClosedBlock[] = [];

  push(block: ClosedBlock): void {
    this.stack.push(block);
    if (this.stack.length > KEEP) this.stack.shift();
  }

  pop(): ClosedBlock | undefined {
    return this.stack.pop();
  }

  get size(): number {
    return this.stack.length;
  }
}
