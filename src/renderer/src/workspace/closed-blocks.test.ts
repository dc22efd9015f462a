import { describe, expect, it } from 'vitest';
import { CLOSED_BLOCKS_KEPT, type ClosedBlock } from '../../../shared/workspace-state';
import { letGo, popClosed, pushClosed } from './closed-blocks';

const closed = (n: number): ClosedBlock => ({
  blockId: `block-${n}`,
  spec: { kind: 'terminal', cwd: `/${n}` },
  place: null,
});

describe('the closed blocks stack', () => {
  it('gives back the most recently closed first, from a workspace saved without one too', () => {
    const stack = pushClosed(pushClosed(undefined, closed(1)), closed(2));
    const first = popClosed(stack);
    expect(first.block?.blockId).toBe('block-2');
    const second = popClosed(first.stack);
    expect(second.block?.blockId).toBe('block-1');
    expect(popClosed(second.stack).block).toBeUndefined();
    expect(popClosed(undefined).block).toBeUndefined();
  });

  it(`keeps the newest ${CLOSED_BLOCKS_KEPT}, and the older ones are let go`, () => {
    let stack: ClosedBlock[] = [];
    for (let n = 0; n < CLOSED_BLOCKS_KEPT; n++) stack = pushClosed(stack, closed(n));
    const next = pushClosed(pushClosed(stack, closed(100)), closed(101));
    expect(next).toHaveLength(CLOSED_BLOCKS_KEPT);
    expect(next.at(-1)?.blockId).toBe('block-101');
    expect(letGo(stack, next, () => false).map((block) => block.blockId)).toEqual([
      'block-0',
      'block-1',
    ]);
  });

  it('does not let go of a block that was reopened', () => {
    const stack = [closed(1), closed(2)];
    const { stack: after } = popClosed(stack);
    expect(letGo(stack, after, (blockId) => blockId === 'block-2')).toEqual([]);
  });
});
