import { z } from 'zod';
import { sshHostSchema } from './contract/remote';

const path = z.string().min(1).max(4096);
const count = z.number().int().min(0);

/** A worktree an agent block runs in, made by "New agent in worktree" (saved with the block). */
export const worktreeSchema = z.object({
  /** The machine the repository is on, when it is another one (a remote block's). */
  host: sshHostSchema.optional(),
  /** The checkout it was made from. */
  repo: path,
  path,
  branch: z.string().min(1).max(256),
  /** The branch HEAD was on, or its short commit when HEAD was detached. */
  base: z.string().min(1).max(256),
  baseCommit: z.string().regex(/^[0-9a-f]{7,64}$/),
  /** False when HEAD was detached: there is then no branch to merge into. */
  baseIsBranch: z.boolean(),
});
export type Worktree = z.infer<typeof worktreeSchema>;

/** What the worktree changed against where it forked from its base, uncommitted work included. */
export const worktreeStatSchema = z.object({
  files: count,
  insertions: count,
  deletions: count,
  /** New files git does not track yet (counted in `files`, their lines in `insertions`). */
  untracked: count,
  /** Commits on the worktree's branch that its base does not have. */
  commits: count,
});
export type WorktreeStat = z.infer<typeof worktreeStatSchema>;

/** The lists are cut at `LEFTOVERS_LISTED`; the totals say how many there are. */
export const LEFTOVERS_LISTED = 50;

/** What discarding a worktree would lose. */
export const worktreeLeftoversSchema = z.object({
  unmergedCommits: z
    .array(z.object({ sha: z.string().max(64), subject: z.string().max(1000) }))
    .max(LEFTOVERS_LISTED),
  unmergedTotal: count,
  uncommittedFiles: z.array(z.string().max(4096)).max(LEFTOVERS_LISTED),
  uncommittedTotal: count,
});
export type WorktreeLeftovers = z.infer<typeof worktreeLeftoversSchema>;

/** "+12 −3 in 4 files" and what else changed, for the block header. */
export function describeStat(stat: WorktreeStat): string {
  if (stat.files === 0 && stat.commits === 0) return 'no changes';
  const parts = [`+${stat.insertions} −${stat.deletions}`];
  parts.push(`${stat.files} ${stat.files === 1 ? 'file' : 'files'}`);
  if (stat.untracked) parts.push(`${stat.untracked} new`);
  if (stat.commits) parts.push(`${stat.commits} ${stat.commits === 1 ? 'commit' : 'commits'}`);
  return parts.join(' · ');
}
