import type { BlockPlace, LayoutNode, Orientation } from '../../../shared/workspace-state';

// Pure operations on the split tree. "horizontal" lays children side by side, "vertical" stacks
// them, as react-resizable-panels names its group orientations.

export type Direction = 'left' | 'right' | 'up' | 'down';

/** Block ids in reading order (depth first), which is the order of next/previous focus. */
export function blockOrder(node: LayoutNode | null): string[] {
  if (!node) return [];
  if (node.type === 'block') return [node.blockId];
  return node.children.flatMap(blockOrder);
}

/**
 * Puts `blockId` next to `targetId` (after it), splitting the target in `orientation`; joins the
 * parent split instead when that already runs the same way, so repeated splits stay flat.
 */
export function insertBlock(
  root: LayoutNode | null,
  targetId: string | null,
  blockId: string,
  orientation: Orientation,
  newSplitId: () => string,
): LayoutNode {
  const leaf: LayoutNode = { type: 'block', blockId };
  if (!root) return leaf;
  const target =
    targetId && blockOrder(root).includes(targetId) ? targetId : blockOrder(root).at(-1);

  const visit = (node: LayoutNode): LayoutNode => {
    if (node.type === 'block') {
      if (node.blockId !== target) return node;
      return {
        type: 'split',
        id: newSplitId(),
        orientation,
        children: [node, leaf],
        sizes: [50, 50],
      };
    }
    const index = node.children.findIndex(
      (child) => child.type === 'block' && child.blockId === target,
    );
    if (index >= 0 && node.orientation === orientation) {
      const children = [
        ...node.children.slice(0, index + 1),
        leaf,
        ...node.children.slice(index + 1),
      ];
      return { ...node, children, sizes: evenSizes(children.length) };
    }
    return { ...node, children: node.children.map(visit) };
  };
  return visit(root);
}

/** The tree without `blockId`; a split left with one child gives way to that child. */
export function removeBlock(root: LayoutNode | null, blockId: string): LayoutNode | null {
  if (!root) return null;
  if (root.type === 'block') return root.blockId === blockId ? null : root;
  const kept: { child: LayoutNode; size: number }[] = [];
  root.children.forEach((child, index) => {
    const next = removeBlock(child, blockId);
    if (next) kept.push({ child: next, size: root.sizes[index] ?? 0 });
  });
  if (kept.length === 0) return null;
  if (kept.length === 1) return kept[0]!.child;
  return { ...root, children: kept.map((k) => k.child), sizes: rescale(kept.map((k) => k.size)) };
}

/**
 * Where a block sits, enough to put it back after it is closed; null for a block that fills the
 * workspace alone (or is not there).
 */
export function placeOf(root: LayoutNode | null, blockId: string): BlockPlace | null {
  if (!root || root.type === 'block') return null;
  const index = root.children.findIndex(
    (child) => child.type === 'block' && child.blockId === blockId,
  );
  if (index >= 0) {
    const sibling = root.children[index - 1] ?? root.children[index + 1]!;
    return {
      parentId: root.id,
      orientation: root.orientation,
      index,
      sizes: root.sizes,
      siblingId: nodeId(sibling),
    };
  }
  for (const child of root.children) {
    const place = placeOf(child, blockId);
    if (place) return place;
  }
  return null;
}

/**
 * `blockId` put back at `place`: into its split if that is still there and runs the same way, else
 * beside its neighbour in a new split. Null when neither is left (the caller places it anew).
 */
export function restoreBlock(
  root: LayoutNode | null,
  place: BlockPlace | null,
  blockId: string,
  newSplitId: () => string,
): LayoutNode | null {
  const leaf: LayoutNode = { type: 'block', blockId };
  if (!root) return leaf;
  if (!place) return null;
  let restored = false;
  const visit = (node: LayoutNode): LayoutNode => {
    if (restored) return node;
    if (
      node.type === 'split' &&
      node.id === place.parentId &&
      node.orientation === place.orientation
    ) {
      restored = true;
      const at = Math.min(place.index, node.children.length);
      const children = [...node.children.slice(0, at), leaf, ...node.children.slice(at)];
      const sizes =
        place.sizes.length === children.length ? place.sizes : evenSizes(children.length);
      return { ...node, children, sizes };
    }
    if (node.type === 'split') return { ...node, children: node.children.map(visit) };
    return node;
  };
  const inParent = visit(root);
  if (restored) return inParent;
  const wrap = (node: LayoutNode): LayoutNode => {
    if (restored) return node;
    if (nodeId(node) === place.siblingId) {
      restored = true;
      const first = place.index === 0;
      return {
        type: 'split',
        id: newSplitId(),
        orientation: place.orientation,
        children: first ? [leaf, node] : [node, leaf],
        // The split it was in had just the two of them: their sizes then are theirs again.
        sizes: place.sizes.length === 2 ? place.sizes : [50, 50],
      };
    }
    return node.type === 'split' ? { ...node, children: node.children.map(wrap) } : node;
  };
  const beside = wrap(root);
  return restored ? beside : null;
}

function nodeId(node: LayoutNode): string {
  return node.type === 'block' ? node.blockId : node.id;
}

export function setSplitSizes(
  root: LayoutNode | null,
  splitId: string,
  sizes: number[],
): LayoutNode | null {
  if (!root || root.type === 'block') return root;
  if (root.id === splitId) {
    return sizes.length === root.children.length ? { ...root, sizes } : root;
  }
  return { ...root, children: root.children.map((child) => setSplitSizes(child, splitId, sizes)!) };
}

/**
 * Grows `blockId` by `step` percent of the split that holds it (shrinks it for a negative step),
 * taking the room from its siblings in proportion to their size above `minSize`, below which
 * none goes.
 */
export function resizeBlock(
  root: LayoutNode | null,
  blockId: string,
  step: number,
  minSize = 5,
): LayoutNode | null {
  if (!root || root.type === 'block') return root;
  const index = root.children.findIndex(
    (child) => child.type === 'block' && child.blockId === blockId,
  );
  if (index < 0)
    return {
      ...root,
      children: root.children.map((child) => resizeBlock(child, blockId, step, minSize)!),
    };
  const others = root.children.length - 1;
  const current = root.sizes[index] ?? 0;
  const target = Math.min(Math.max(current + step, minSize), 100 - minSize * others);
  // The siblings share what is left above their minimums in proportion to what they had.
  const spare = 100 - current - minSize * others;
  const available = 100 - target - minSize * others;
  const sizes = root.sizes.map((size, i) => {
    if (i === index) return target;
    return minSize + (spare > 0 ? ((size - minSize) * available) / spare : available / others);
  });
  return { ...root, sizes };
}

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The block to move to from `from` in `direction`: of those lying on that side and overlapping it
 * along the other axis, the nearest; of equally near ones, the one overlapping most.
 */
export function neighbourInDirection(
  from: Rect,
  candidates: { id: string; rect: Rect }[],
  direction: Direction,
): string | null {
  const horizontal = direction === 'left' || direction === 'right';
  const epsilon = 1;
  let best: { id: string; overlap: number; distance: number } | null = null;
  for (const { id, rect } of candidates) {
    const distance = {
      left: from.left - rect.right,
      right: rect.left - from.right,
      up: from.top - rect.bottom,
      down: rect.top - from.bottom,
    }[direction];
    if (distance < -epsilon) continue;
    const overlap = horizontal
      ? Math.min(from.bottom, rect.bottom) - Math.max(from.top, rect.top)
      : Math.min(from.right, rect.right) - Math.max(from.left, rect.left);
    if (overlap <= 0) continue;
    if (
      !best ||
      distance < best.distance ||
      (distance === best.distance && overlap > best.overlap)
    ) {
      best = { id, overlap, distance };
    }
  }
  return best?.id ?? null;
}

function evenSizes(count: number): number[] {
  return Array.from({ length: count }, () => 100 / count);
}

function rescale(sizes: number[]): number[] {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  return total > 0 ? sizes.map((size) => (size * 100) / total) : evenSizes(sizes.length);
}
