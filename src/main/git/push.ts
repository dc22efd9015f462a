import type { Worktree } from '../../shared/worktree';
import { git, GitError, gitRead, type GitOptions } from './git';
import { checkedWorktree } from './worktrees';

/** Where a push went: `origin/tether/agent-k3f9`, and whether it was set as the upstream now. */
export interface Pushed {
  upstream: string;
  newUpstream: boolean;
}

/**
 * Pushes the worktree's branch to its upstream, or, when it has none yet, to a branch of the same
 * name on `origin` that becomes its upstream. git runs with the user's config (credentials,
 * pre-push hook), never prompting: a push that needs a password no one can type fails and says so.
 */
export async function pushWorktree(worktree: Worktree, options: GitOptions): Promise<Pushed> {
  const inWorktree = await (await checkedWorktree(worktree, options)).inWorktree(worktree.path);
  const upstream = await upstreamOf(worktree.path, inWorktree);
  if (upstream) {
    await git(worktree.path, ['push', '--quiet'], inWorktree).catch(refused(worktree));
    return { upstream, newUpstream: false };
  }
  const origin = await gitRead(worktree.path, ['remote', 'get-url', 'origin'], inWorktree).catch(
    () => '',
  );
  if (!origin.trim()) {
    throw new GitError(
      `There is no remote named origin to push ${worktree.branch} to: add one (git remote add origin URL)`,
      null,
    );
  }
  // checkedWorktree has refused a branch name git could read as an option.
  await git(
    worktree.path,
    ['push', '--quiet', '--set-upstream', 'origin', worktree.branch],
    inWorktree,
  ).catch(refused(worktree));
  return { upstream: `origin/${worktree.branch}`, newUpstream: true };
}

/** The branch's upstream (`origin/feature`), or '' when it has none. */
export async function upstreamOf(checkout: string, options: GitOptions): Promise<string> {
  const args = ['rev-parse', '--abbrev-ref', '--symbolic-full-name', '@{upstream}'];
  return (await gitRead(checkout, args, options).catch(() => '')).trim();
}

/** git's reason for a refused push, in the words of its `! [rejected] … (reason)` line. */
function refused(worktree: Worktree) {
  return (error: GitError): never => {
    const reason = /\[(?:remote )?rejected\][^(]*\(([^)]+)\)/.exec(error.message)?.[1];
    throw new GitError(
      reason
        ? `The push of ${worktree.branch} was rejected (${reason}): ${REJECTED_HINT[reason] ?? 'see the remote for why'}`
        : `The push of ${worktree.branch} failed: ${error.message}`,
      error.exitCode,
    );
  };
}

/** What to do about git's most common reasons. */
const REJECTED_HINT: Record<string, string> = {
  'fetch first': 'the remote branch has commits this one lacks; pull them in first',
  'non-fast-forward': 'the remote branch has commits this one lacks; pull them in first',
  'pre-receive hook declined': 'the remote refused it',
};
