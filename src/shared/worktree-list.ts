import { z } from 'zod';
import { pullRequestSchema } from './pull-request';
import { worktreeSchema } from './worktree';

const count = z.number().int().min(0);

/**
 * The git config key (under `branch.<name>.`) that keeps a Tether worktree's base with its branch,
 * so that the "Worktrees" list knows what to compare and merge into once no block holds it. A
 * detached base has only `BASE_COMMIT_KEY`.
 */
export const BASE_KEY = 'tetherBase';
export const BASE_COMMIT_KEY = 'tetherBaseCommit';

/** One of a repository's Tether worktrees, as the "Worktrees" list shows it. */
export const listedWorktreeSchema = z.object({
  /** The worktree as a block saves it: what opening, merging and discarding act on. */
  worktree: worktreeSchema,
  /** No base was recorded with the branch: its base is taken to be the repository's current branch. */
  baseAssumed: z.boolean(),
  /** Its folder is gone: git still lists it until the worktree is pruned. */
  gone: z.boolean(),
  /** Commits on the branch its base lacks, and on the base since; null when the base is missing. */
  ahead: count.nullable(),
  behind: count.nullable(),
  /** Files changed and not committed; null when the folder cannot be read (gone, or not git's). */
  uncommitted: count.nullable(),
  /** Its pull request, where one is known. */
  pullRequest: pullRequestSchema.optional(),
});
export type ListedWorktree = z.infer<typeof listedWorktreeSchema>;

export const worktreeListSchema = z.object({
  /** The repository's main checkout. */
  repo: z.string().min(1).max(4096),
  worktrees: z.array(listedWorktreeSchema).max(1000),
});
export type WorktreeList = z.infer<typeof worktreeListSchema>;

/**
 * "2 ahead, 1 behind main · 3 uncommitted files": a listed worktree's counts in a few words, and
 * whether its base is only assumed.
 */
export function describeCounts(listed: ListedWorktree): string {
  const { ahead, behind, uncommitted, worktree } = listed;
  const parts: string[] = [];
  if (ahead === null || behind === null) parts.push(`${worktree.base} not found`);
  else if (ahead === 0 && behind === 0) parts.push(`even with ${worktree.base}`);
  else parts.push(`${ahead} ahead, ${behind} behind ${worktree.base}`);
  if (listed.baseAssumed) parts[0] += " (base assumed: the repository's current branch)";
  if (listed.gone) parts.push('folder gone');
  else if (uncommitted === null) parts.push('folder unreadable');
  else if (uncommitted === 0) parts.push('nothing uncommitted');
  else parts.push(`${uncommitted} uncommitted ${uncommitted === 1 ? 'file' : 'files'}`);
  return parts.join(' · ');
}
