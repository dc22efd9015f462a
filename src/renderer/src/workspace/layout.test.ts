import { describe, expect, it } from 'vitest';
import type { LayoutNode } from '../../../shared/workspace-state';
import {
  blockOrder,
  insertBlock,
  neighbourInDirection,
  placeOf,
  removeBlock,
  resizeBlock,
  restoreBlock,
  setSplitSizes,
} from './layout';

const ids = () => {
  let n = 0;
  return () => `s${++n}`;
};

describe('split tree', () => {
  it('starts with a leaf, splits the target and joins a parent running the same way', () => {
    const next = ids();
    let tree = insertBlock(null, null, 'a', 'horizontal', next);
    expect(tree).toEqual({ type: 'block', blockId: 'a' });
    tree = insertBlock(tree, 'a', 'b', 'horizontal', next);
    tree = insertBlock(tree, 'a', 'c', 'horizontal', next);
    expect(tree).toMatchObject({ type: 'split', orientation: 'horizontal' });
    expect(blockOrder(tree)).toEqual(['a', 'c', 'b']);
    tree = insertBlock(tree, 'c', 'd', 'vertical', next);
    expect(blockOrder(tree)).toEqual(['a', 'c', 'd', 'b']);
    expect((tree as Extract<LayoutNode, { type: 'split' }>).children[1]).toMatchObject({
      type: 'split',
      orientation: 'vertical',
    });
  });

  it('removes a block and lets a one-child split give way, keeping the others’ proportions', () => {
    const next = ids();
    let tree = insertBlock(null, null, 'a', 'horizontal', next);
    tree = insertBlock(tree, 'a', 'b', 'horizontal', next);
    tree = insertBlock(tree, 'b', 'c', 'horizontal', next);
    tree = setSplitSizes(tree, 's1', [50, 30, 20])!;
    const without = removeBlock(tree, 'b');
    expect(without).toMatchObject({ sizes: [(50 * 100) / 70, (20 * 100) / 70] });
    expect(removeBlock(removeBlock(without, 'a'), 'c')).toBeNull();
    expect(removeBlock(without, 'a')).toEqual({ type: 'block', blockId: 'c' });
  });

  it('ignores sizes that do not fit the split', () => {
    const tree = insertBlock({ type: 'block', blockId: 'a' }, 'a', 'b', 'vertical', ids());
    expect(setSplitSizes(tree, 's1', [100])).toEqual(tree);
  });
});

describe('resizeBlock', () => {
  const three = setSplitSizes(
    insertBlock(
      insertBlock({ type: 'block', blockId: 'a' }, 'a', 'b', 'horizontal', ids()),
      'b',
      'c',
      'horizontal',
      ids(),
    ),
    's1',
    [50, 30, 20],
  );
  const sizes = (node: LayoutNode | null) =>
    (node as Extract<LayoutNode, { type: 'split' }>).sizes.map(Math.round);

  it('grows a block at its siblings’ expense, in proportion', () => {
    expect(sizes(resizeBlock(three, 'b', 10))).toEqual([43, 40, 18]);
    expect(sizes(resizeBlock(three, 'b', -10))).toEqual([58, 20, 23]);
  });

  it('keeps every block at least at the minimum', () => {
    expect(sizes(resizeBlock(three, 'a', 90))).toEqual([90, 5, 5]);
    expect(sizes(resizeBlock(three, 'c', -90))).toEqual([60, 35, 5]);
  });
});

describe('neighbourInDirection', () => {
  // a | b
  //   | c
  const rect = (left: number, top: number, right: number, bottom: number) => ({
    left,
    top,
    right,
    bottom,
  });
  const a = rect(0, 0, 50, 100);
  const b = rect(50, 0, 100, 50);
  const c = rect(50, 50, 100, 100);
  const all = [
    { id: 'a', rect: a },
    { id: 'b', rect: b },
    { id: 'c', rect: c },
  ];

  it('moves to the nearest block on that side that overlaps', () => {
    expect(neighbourInDirection(a, all.slice(1), 'right')).toBe('b');
    expect(neighbourInDirection(c, [all[0]!, all[1]!], 'left')).toBe('a');
    expect(neighbourInDirection(c, [all[0]!, all[1]!], 'up')).toBe('b');
    expect(neighbourInDirection(b, [all[0]!, all[2]!], 'down')).toBe('c');
  });

  it('finds nothing past the edge', () => {
    expect(neighbourInDirection(a, all.slice(1), 'left')).toBeNull();
    expect(neighbourInDirection(b, [all[0]!, all[2]!], 'up')).toBeNull();
  });
});

describe('closing and reopening in place', () => {
  const build = () => {
    const next = ids();
    let tree = insertBlock(null, null, 'a', 'horizontal', next);
    tree = insertBlock(tree, 'a', 'b', 'horizontal', next);
    tree = insertBlock(tree, 'b', 'c', 'horizontal', next);
    return insertBlock(tree, 'b', 'd', 'vertical', next);
  };

  it('puts a block back at its index in a split that kept its other children', () => {
    const tree = setSplitSizes(build(), 's1', [20, 50, 30]);
    const place = placeOf(tree, 'c');
    const closed = removeBlock(tree, 'c');
    const back = restoreBlock(closed, place, 'c2', ids());
    expect(blockOrder(back)).toEqual(['a', 'b', 'd', 'c2']);
    expect(back).toMatchObject({ id: 's1', sizes: [20, 50, 30] });
  });

  it('splits the neighbour again when the split gave way to it, on the same side', () => {
    const tree = build();
    const place = placeOf(tree, 'b');
    const closed = removeBlock(tree, 'b');
    expect(blockOrder(closed)).toEqual(['a', 'd', 'c']);
    const back = restoreBlock(closed, place, 'b2', () => 'new');
    expect(blockOrder(back)).toEqual(['a', 'b2', 'd', 'c']);
    expect((back as Extract<LayoutNode, { type: 'split' }>).children[1]).toMatchObject({
      id: 'new',
      orientation: 'vertical',
    });
  });

  it('fills an empty workspace, and gives up where neither split nor neighbour is left', () => {
    expect(placeOf({ type: 'block', blockId: 'a' }, 'a')).toBeNull();
    expect(restoreBlock(null, null, 'a', ids())).toEqual({ type: 'block', blockId: 'a' });
    const tree = build();
    const place = placeOf(tree, 'd');
    const gone = removeBlock(removeBlock(tree, 'd'), 'b');
    expect(restoreBlock(gone, place, 'd2', ids())).toBeNull();
  });
});
