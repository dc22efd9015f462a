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
 * Indexes into `links` (in file order) of the chain ending at the newest leaf, oldest first. The
 * newest leaf is the last link in the file that no other link names as its parent: for what the
 * CLI writes, the last entry; in a file whose lines were reordered, still the true end.
 * Robust to what a damaged file does to the links: a parent that is missing (its line was lost)
 * or never named continues with the entry written just before; a cycle ends the walk.
 */
export function chainOf(links: readonly ChainLink[]): number[] {
  const byUuid = new Map<string, number>();
  const named = new Set<string>();
  links.forEach((link, index) => {
    if (link.uuid !== null && !byUuid.has(link.uuid)) byUuid.set(link.uuid, index);
    if (link.parentUuid) named.add(link.parentUuid);
    if (link.logicalParentUuid) named.add(link.logicalParentUuid);
  });
  const chain: number[] = [];
  const seen = new Set<number>();
  let at = newestLeaf(links, named);
  while (at >= 0 && !seen.has(at)) {
    seen.add(at);
    chain.push(at);
    at = parentIndex(links[at]!, at, byUuid);
  }
  return chain.reverse();
}

function newestLeaf(links: readonly ChainLink[], named: ReadonlySet<string>): number {
  for (let at = links.length - 1; at >= 0; at--) {
    const uuid = links[at]!.uuid;
    if (uuid === null || !named.has(uuid)) return at;
  }
  return links.length - 1;
}

function parentIndex(link: ChainLink, at: number, byUuid: ReadonlyMap<string, number>): number {
  const parent = link.parentUuid ?? link.logicalParentUuid;
  if (parent === null && link.parentUuid === null) return -1;
  if (parent === null || parent === undefined) return at - 1;
  return byUuid.get(parent) ?? at - 1;
}
