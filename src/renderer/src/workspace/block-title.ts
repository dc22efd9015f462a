import type { BlockSpec } from '../../../shared/workspace-state';

/** The last segment of a folder path, POSIX or Windows ("/" for the root). */
export function folderName(cwd: string): string {
  return cwd.split(/[\\/]/).filter(Boolean).at(-1) ?? cwd;
}

/**
 * Each block's title in `order`: the name the user gave it, else its kind's label with its folder
 * (a terminal's foreground command before it). Two blocks never show the same title: a clash
 * gets the folder's name, and one that still clashes a number.
 */
export function blockTitles(
  order: readonly string[],
  blocks: Readonly<Record<string, BlockSpec>>,
  label: (kind: string) => string,
  command: (blockId: string) => string | undefined,
): Record<string, string> {
  const base = new Map(
    order.map((blockId) => {
      const spec = blocks[blockId]!;
      const running = command(blockId);
      const title =
        spec.title ??
        (running
          ? `${running} · ${folderName(spec.cwd)}`
          : `${label(spec.kind)} · ${folderName(spec.cwd)}`);
      return [blockId, title] as const;
    }),
  );
  const counts = countOf(base.values());
  const withFolder = new Map(
    order.map((blockId) => {
      const title = base.get(blockId)!;
      const folder = folderName(blocks[blockId]!.cwd);
      const clashes = counts.get(title)! > 1 && !title.endsWith(` · ${folder}`);
      return [blockId, clashes ? `${title} · ${folder}` : title] as const;
    }),
  );
  const remaining = countOf(withFolder.values());
  const seen = new Map<string, number>();
  const titles: Record<string, string> = {};
  for (const blockId of order) {
    const title = withFolder.get(blockId)!;
    const nth = (seen.get(title) ?? 0) + 1;
    seen.set(title, nth);
    titles[blockId] = remaining.get(title)! > 1 && nth > 1 ? `${title} (${nth})` : title;
  }
  return titles;
}

function countOf(titles: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const title of titles) counts.set(title, (counts.get(title) ?? 0) + 1);
  return counts;
}
