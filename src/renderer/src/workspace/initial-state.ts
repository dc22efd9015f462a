import type { WorkspaceState } from '../../../shared/workspace-state';
import { blockOrder, insertBlock, removeBlock } from './layout';

/**
 * The workspace to start with: the saved one made consistent (a leaf without a block is dropped,
 * a block missing from the layout is placed at its end), or one terminal on a first start.
 */
export function initialWorkspace(
  saved: WorkspaceState | null,
  workspaceDir: string,
): WorkspaceState {
  if (!saved) {
    return {
      version: 1,
      layout: { type: 'block', blockId: 'block-1' },
      blocks: { 'block-1': { kind: 'terminal', cwd: workspaceDir } },
      focused: 'block-1',
    };
  }
  let layout = saved.layout;
  for (const id of blockOrder(layout)) {
    if (!saved.blocks[id]) layout = removeBlock(layout, id);
  }
  let splits = 0;
  for (const id of Object.keys(saved.blocks)) {
    if (!blockOrder(layout).includes(id)) {
      layout = insertBlock(layout, null, id, 'horizontal', () => `split-restored-${++splits}`);
    }
  }
  const order = blockOrder(layout);
  const focused =
    saved.focused && order.includes(saved.focused) ? saved.focused : (order[0] ?? null);
  return { ...saved, layout, focused };
}
