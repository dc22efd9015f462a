import { z } from 'zod';
import { worktreeSchema } from '../worktree';
import { worktreeListSchema } from '../worktree-list';
import { sshHostSchema } from './remote';
import type { RequestTable } from './request-table';

// The "Worktrees" list: the host's half, spread into hostRequests. Merging and discarding a
// listed worktree are the worktree group's requests, as from the close dialog.

export const worktreeListRequests = {
  /** The Tether worktrees of the repository `cwd` is in, on `host` when it is given. */
  listWorktrees: {
    params: z.object({ cwd: z.string().min(1).max(4096), host: sshHostSchema.optional() }).strict(),
    result: worktreeListSchema,
  },
  /** Forgets a worktree whose folder is gone (`git worktree prune`); its branch stays. */
  pruneWorktree: { params: z.object({ worktree: worktreeSchema }).strict(), result: z.null() },
} as const satisfies RequestTable;
