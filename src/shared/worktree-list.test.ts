import { describe, expect, it } from 'vitest';
import { describeCounts, type ListedWorktree } from './worktree-list';

const listed: ListedWorktree = {
  worktree: {
    repo: '/src/app',
    path: '/src/app.worktrees/agent-k3f9',
    branch: 'tether/agent-k3f9',
    base: 'main',
    baseCommit: '0123456789abcdef',
    baseIsBranch: true,
  },
  baseAssumed: false,
  gone: false,
  ahead: 2,
  behind: 1,
  uncommitted: 3,
};

describe('describeCounts', () => {
  it('says how far the branch is from its base and what is uncommitted', () => {
    expect(describeCounts(listed)).toBe('2 ahead, 1 behind main · 3 uncommitted files');
    expect(describeCounts({ ...listed, ahead: 0, behind: 0, uncommitted: 1 })).toBe(
      'even with main · 1 uncommitted file',
    );
  });

  it('says when the base or the folder is missing', () => {
    expect(
      describeCounts({ ...listed, ahead: null, behind: null, gone: true, uncommitted: null }),
    ).toBe('main not found · folder gone');
    expect(describeCounts({ ...listed, uncommitted: null })).toContain('folder unreadable');
  });

  it('says when the base is only assumed', () => {
    expect(describeCounts({ ...listed, baseAssumed: true })).toBe(
      "2 ahead, 1 behind main (base assumed: the repository's current branch) · 3 uncommitted files",
    );
  });
});
