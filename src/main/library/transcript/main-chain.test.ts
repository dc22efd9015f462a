import { describe, expect, it } from 'vitest';
import { chainOf, type ChainLink } from './main-chain';

const link = (
  uuid: string | null,
  parentUuid: string | null | undefined,
  logicalParentUuid: string | null = null,
): ChainLink => ({ uuid, parentUuid, logicalParentUuid });

describe('chainOf', () => {
  it('follows parents from the newest entry back to the root, oldest first', () => {
    expect(chainOf([link('a', null), link('b', 'a'), link('c', 'b')])).toEqual([0, 1, 2]);
  });

  it('leaves out a branch the user left (an edited prompt forks the chain)', () => {
    // b and b2 both follow a; the conversation went on from b2.
    const links = [
      link('a', null),
      link('b', 'a'),
      link('c', 'b'),
      link('b2', 'a'),
      link('d', 'b2'),
    ];
    expect(chainOf(links)).toEqual([0, 3, 4]);
  });

  it('crosses a compaction boundary to the conversation before it', () => {
    const links = [
      link('a', null),
      link('b', 'a'),
      link('boundary', null, 'b'),
      link('c', 'boundary'),
    ];
    expect(chainOf(links)).toEqual([0, 1, 2, 3]);
  });

  it('goes on with the entry written before when a parent is missing (a lost line)', () => {
    const links = [link('a', null), link('b', 'a'), link('c', 'lost'), link('d', 'c')];
    expect(chainOf(links)).toEqual([0, 1, 2, 3]);
  });

  it('takes file order for entries that name no parent (older files)', () => {
    expect(chainOf([link(null, undefined), link(null, undefined), link(null, undefined)])).toEqual([
      0, 1, 2,
    ]);
  });

  it('restores the order of a file whose lines were reordered', () => {
    const links = [link('c', 'b'), link('a', null), link('d', 'c'), link('b', 'a')];
    expect(chainOf(links).map((i) => links[i]!.uuid)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('ends on a cycle instead of looping', () => {
    const links = [link('a', 'c'), link('b', 'a'), link('c', 'b')];
    expect(chainOf(links).sort()).toEqual([0, 1, 2]);
  });

  it('is empty for no entries', () => {
    expect(chainOf([])).toEqual([]);
  });
});
