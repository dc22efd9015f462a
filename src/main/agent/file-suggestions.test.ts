import { describe, expect, it } from 'vitest';
import { suggestedPaths } from './file-suggestions';

describe('suggestedPaths', () => {
  it('takes the paths of the CLI’s answer, folders with their slash', () => {
    expect(suggestedPaths({ suggestions: [{ path: 'src/' }, { path: 'src/a.ts' }] })).toEqual([
      'src/',
      'src/a.ts',
    ]);
  });

  it('leaves out entries of another shape, and an answer without suggestions', () => {
    expect(
      suggestedPaths({ suggestions: [{ path: 3 }, 'a.ts', null, { path: '' }, { path: 'b.ts' }] }),
    ).toEqual(['b.ts']);
    expect(suggestedPaths({ suggestions: 'a.ts' })).toEqual([]);
    expect(suggestedPaths({})).toEqual([]);
  });
});
