import { z } from 'zod';

/**
 * A worktree branch's pull request as the GitHub CLI reports it (`gh pr view`, `gh pr checks`):
 * what the agent header and the "Worktrees" list show. The fields are gh's, parsed as untrusted.
 */
export const pullRequestSchema = z.object({
  number: z.number().int().positive(),
  url: z.string().url().max(2048),
  title: z.string().max(1000),
  state: z.enum(['open', 'draft', 'merged', 'closed']),
  /** The checks rolled up: none reported, some still running, all passed, or one failed. */
  checks: z.enum(['none', 'pending', 'passing', 'failing']),
});
export type PullRequest = z.infer<typeof pullRequestSchema>;

const CHECKS_TEXT: Record<PullRequest['checks'], string> = {
  none: '',
  pending: 'checks running',
  passing: 'checks passed',
  failing: 'a check failed',
};

/** "#12 open · checks passed": the PR in a few words, for a header or a list row. */
export function describePullRequest(pr: PullRequest): string {
  const checks = CHECKS_TEXT[pr.checks];
  return checks ? `#${pr.number} ${pr.state} · ${checks}` : `#${pr.number} ${pr.state}`;
}
