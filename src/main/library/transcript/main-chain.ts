/**
 * The chain of a transcript: entries point at the entry before them (`parentUuid`), and the
 * conversation is the chain that ends at the newest entry. Entries off it are branches the user
 * left (a rewind, an edited prompt) and are not shown.
 */

export interface ChainLink {
  uuid: string | null;
  /** `undefined`: the entry names no parent at all (an older format). */
  parentUuid: string | null | undefined;
  /** A compaction boundary starts a new chain (`parentUuid` null) and names the old end here. */
  logicalParentUuid: string | null;
}

/**
 * Indexes into `links` (in file order) of the chain ending at the last link, oldest first.
 * Robust to what a damaged file does to the links: a parent that is missing (its line was lost)
 * or never named continues with the entry written just before; a cycle ends the walk.
 */
export function chainOf(links: readonly ChainLink[]): number[] {
  const byUuid = new Map<string, number>();
  links.forEach((link, index) => {
    if (link.uuid !== null && !byUuid.has(link.uuid)) byUuid.set(link.uuid, index);
  });
  const chain: number[] = [];
  const seen = new Set<number>();
  let at = links.length - 1;
  while (at >= 0 && !seen.has(at)) {
    seen.add(at);
    chain.push(at);
    at = parentIndex(links[at]!, at, byUuid);
  }
  return chain.reverse();
}

function parentIndex(link: ChainLink, at: number, byUuid: ReadonlyMap<string, number>): number {
  const parent = link.parentUuid ?? link.logicalParentUuid;
  if (parent === null && link.parentUuid === null) return -1;
  if (parent === null || parent === undefined) return at - 1;
  return byUuid.get(parent) ?? at - 1;
}
