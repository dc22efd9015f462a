import { describe, expect, it } from 'vitest';
import { FileIndex } from './file-index';
import type { FolderListing, ListingLimits } from './folder-listing';

const files = [
  'src/main/host/file-index.ts',
  'src/main/host/host.ts',
  'src/renderer/src/App.tsx',
  'docs/protocol.md',
  'README.md',
  'package.json',
];

/** A listing of a fixed set of files that counts how often it was taken. */
function listing(next: () => string[] = () => files) {
  const calls: ListingLimits[] = [];
  const list = (_root: string, limits: ListingLimits): Promise<FolderListing> => {
    calls.push(limits);
    return Promise.resolve({ files: next(), truncated: false, how: 'walk' });
  };
  return { list, calls };
}

describe('FileIndex', () => {
  it('ranks loose matches best first, a match in the last name before one across the path', async () => {
    const index = new FileIndex(listing());
    const found = await index.search('/repo', 'host');
    expect(found.slice(0, 2)).toEqual(['src/main/host/', 'src/main/host/host.ts']);
    expect(found).not.toContain('README.md');
    expect(await index.search('/repo', 'fidx')).toEqual(['src/main/host/file-index.ts']);
    expect(await index.search('/repo', 'src/ma')).toEqual([
      'src/main/',
      'src/main/host/',
      'src/main/host/host.ts',
      'src/main/host/file-index.ts',
    ]);
    expect(await index.search('/repo', 'zzz')).toEqual([]);
  });

  it('offers the top level for a bare @, folders first', async () => {
    const index = new FileIndex(listing());
    expect(await index.search('/repo', '')).toEqual(['docs/', 'src/', 'package.json', 'README.md']);
  });

  it('lists a folder once, within its limits, and answers from memory', async () => {
    const { list, calls } = listing();
    const index = new FileIndex({ list, maxFiles: 10, timeMs: 50 });
    await Promise.all([index.search('/repo', 'a'), index.search('/repo', 'b')]);
    await index.search('/repo', 'host');
    expect(calls).toEqual([{ maxFiles: 10, timeMs: 50 }]);
    await index.search('/other', 'host');
    expect(calls).toHaveLength(2);
  });

  it('lists again once the listing is old: the old one answers meanwhile, the new one next', async () => {
    let clock = 0;
    let current = ['old.txt'];
    const { list, calls } = listing(() => current);
    const index = new FileIndex({ list, refreshMs: 1000, now: () => clock });
    expect(await index.search('/repo', 'txt')).toEqual(['old.txt']);
    current = ['old.txt', 'new.txt'];
    clock = 999;
    expect(await index.search('/repo', 'new')).toEqual([]);
    expect(calls).toHaveLength(1);
    clock = 1000;
    expect(await index.search('/repo', 'new')).toEqual([]);
    await Promise.resolve();
    expect(await index.search('/repo', 'new')).toEqual(['new.txt']);
    expect(calls).toHaveLength(2);
  });

  it('keeps the folders asked about most recently', async () => {
    const { list, calls } = listing();
    const index = new FileIndex({ list, maxFolders: 2 });
    await index.search('/a', '');
    await index.search('/b', '');
    await index.search('/a', '');
    await index.search('/c', '');
    await index.search('/a', '');
    expect(calls).toHaveLength(3);
    await index.search('/b', '');
    expect(calls).toHaveLength(4);
  });

  it('tries again after a listing failed', async () => {
    let fail = true;
    const index = new FileIndex({
      list: () =>
        fail
          ? Promise.reject(new Error('EACCES'))
          : Promise.resolve({ files: ['a.ts'], truncated: false, how: 'walk' }),
    });
    await expect(index.search('/repo', 'a')).rejects.toThrow('EACCES');
    fail = false;
    expect(await index.search('/repo', 'a')).toEqual(['a.ts']);
  });
});
