import { CLOSED_BLOCKS_KEPT } from '../../../../shared/workspace-state';

/**
 * What closed terminal blocks showed, by block id, for "Reopen closed block": closing ends the
 * shell, and the new one it reopens with starts below the old output instead of on a blank screen.
 * Kept in the page only, for as many blocks as the closed list holds.
 */
const screens = new Map<string, string>();

export function keepClosedScreen(blockId: string, screen: string): void {
  screens.delete(blockId);
  if (!screen.trim()) return;
  screens.set(blockId, screen);
  for (const oldest of screens.keys()) {
    if (screens.size <= CLOSED_BLOCKS_KEPT) break;
    screens.delete(oldest);
  }
}

/** The block's old output with a line under it that says a new shell follows; once. */
export function takeClosedScreen(blockId: string): string | undefined {
  const screen = screens.get(blockId);
  screens.delete(blockId);
  if (screen === undefined) return undefined;
  return `${screen}\x1b[0m\r\n\x1b[2m──── Closed; a new shell ────\x1b[0m\r\n`;
}
