import { z } from 'zod';
import { agentIdSchema as agentId } from './ids';
import { worktreeLeftoversSchema, worktreeSchema, worktreeStatSchema } from '../worktree';
import { sshHostSchema } from './remote';
import type { RequestTable } from './request-table';

// "New agent in worktree": the host's half, spread into hostRequests. The host acts on a worktree
// only once git lists it as a worktree on the branch the block names, on the machine it names.

const worktree = worktreeSchema;

export const worktreeRequests = {
  /**
   * A worktree on a new branch from the HEAD of the repository `cwd` is in: on `host` when it is
   * given (a remote block's folder there), and the worktree then names that host.
   */
  createWorktree: {
    params: z.object({ cwd: z.string().min(1).max(4096), host: sshHostSchema.optional() }).strict(),
    result: worktreeSchema,
  },
  worktreeStat: { params: z.object({ worktree }).strict(), result: worktreeStatSchema },
  worktreeLeftovers: { params: z.object({ worktree }).strict(), result: worktreeLeftoversSchema },
  /**
   * Ends the block's agent (`agentId`) first, so nothing writes to the worktree meanwhile; then
   * merges its branch into the base and removes the worktree and the branch.
   */
  mergeWorktree: {
    params: z.object({ worktree, agentId: agentId.optional() }).strict(),
    result: z.object({ into: z.string(), commit: z.string() }),
  },
  discardWorktree: {
    params: z.object({ worktree, agentId: agentId.optional() }).strict(),
    result: z.null(),
  },
} as const satisfies RequestTable;
