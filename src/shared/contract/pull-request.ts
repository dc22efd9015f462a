import { z } from 'zod';
import { pullRequestSchema } from '../pull-request';
import { worktreeSchema as worktree } from '../worktree';
import type { RequestTable } from './request-table';

// Commit, push and pull request of a worktree agent's branch: the host's half, spread into
// hostRequests. Each acts only on a worktree git lists on the branch the block names.

const failedCheck = z.object({ name: z.string().max(1000), link: z.string().max(2048) });

export const pullRequestRequests = {
  /** Commits every change in the worktree with the user's git identity and hooks. */
  commitWorktree: {
    params: z.object({ worktree, message: z.string().min(1).max(100_000) }).strict(),
    result: z.object({ commit: z.string(), files: z.array(z.string().max(4096)) }),
  },
  /** Pushes the branch to its upstream, or to `origin` as its new upstream. */
  pushWorktree: {
    params: z.object({ worktree }).strict(),
    result: z.object({ upstream: z.string(), newUpstream: z.boolean() }),
  },
  /** `gh pr create` for the pushed branch into its base. */
  createPullRequest: {
    params: z
      .object({
        worktree,
        title: z.string().min(1).max(1000),
        body: z.string().max(100_000),
        draft: z.boolean(),
      })
      .strict(),
    result: pullRequestSchema,
  },
  /** The branch's pull request (null: none, or gh missing or logged out) and its failed checks. */
  pullRequestStatus: {
    params: z.object({ worktree }).strict(),
    result: z.object({
      pullRequest: pullRequestSchema.nullable(),
      failedChecks: z.array(failedCheck),
    }),
  },
  /** The log of a failed check's GitHub Actions run, cut to its end; null when gh has none. */
  failedCheckLog: {
    params: z.object({ worktree, link: z.string().max(2048) }).strict(),
    result: z.object({ log: z.string().nullable() }),
  },
} as const satisfies RequestTable;
