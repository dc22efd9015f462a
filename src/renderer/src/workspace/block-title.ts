import type { BlockSpec } from '../../../shared/workspace-state';

/** The last segment of a folder path, POSIX or Windows ("/" for the root). */
export function folderName(cwd: string): string {
  return cwd.split(/[\\/]/).filter(Boolean).at(-1) ?? cwd;
}

/** A fork's title: its origin's, marked, so the two are told apart but read as related. */
export function forkTitle(origin: string): string {
  return `${origin} (fork)`;
}

/**
 * Each block's title in `order`: the name the user gave it, else its kind's label with its folder
 * (a terminal's foreground command before it), and `on <host>` for a block on another machine.
 * Two blocks never show the same title: a clash gets the folder's name, and one that still
 * clashes a number.
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
      return [blockId, { name: title, on: spec.host ? ` on ${spec.host}` : '' }] as const;
    }),
  );
  const counts = countOf([...base.values()].map(({ name, on }) => name + on));
  const withFolder = new Map(
    order.map((blockId) => {
      const { name, on } = base.get(blockId)!;
      const folder = folderName(blocks[blockId]!.cwd);
      const clashes = counts.get(name + on)! > 1 && !name.endsWith(` · ${folder}`);
      // The host stays last: the folder belongs to the name, and both are on that host.
      return [blockId, clashes ? `${name} · ${folder}${on}` : name + on] as const;
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
