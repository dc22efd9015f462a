import type { pullRequestRequests } from '../../../shared/contract/pull-request';
import type { HandlersFor } from '../../../shared/contract/request-table';
import type { Worktree } from '../../../shared/worktree';
import { commitWorktree } from '../../git/commit';
import { GitError } from '../../git/git';
import { createPullRequest, failedCheckLog, pullRequestStatus } from '../../git/pull-request';
import { pushWorktree } from '../../git/push';
import type { RemoteCommands } from '../../git/remote-files';
import { filesOn } from '../block-files';
import type { LaunchContext } from '../launch-context';

/**
 * Commit and push run git where the repository is (over ssh for a host's); the GitHub CLI runs
 * only here, with the user's environment (its PATH finds their gh, its HOME their login).
 */
export function pullRequestHandlers(
  launch: LaunchContext,
  remote: RemoteCommands,
): HandlersFor<typeof pullRequestRequests> {
  const git = async (worktree: Worktree) => ({
    files: await filesOn(worktree.host, remote, launch),
  });
  const local = async (worktree: Worktree) => {
    if (worktree.host) {
      throw new GitError(
        `Pull requests of a worktree on ${worktree.host} are not supported yet: run gh there in a terminal`,
        null,
      );
    }
    return launch.environment();
  };
  return {
    commitWorktree: async ({ worktree, message }) =>
      commitWorktree(worktree, message, await git(worktree)),
    pushWorktree: async ({ worktree }) => pushWorktree(worktree, await git(worktree)),
    createPullRequest: async ({ worktree, ...draft }) => {
      const env = await local(worktree);
      return createPullRequest(worktree, draft, env);
    },
    pullRequestStatus: async ({ worktree }) => pullRequestStatus(worktree, await local(worktree)),
    failedCheckLog: async ({ worktree, link }) => ({
      log: await failedCheckLog(worktree, link, await local(worktree)),
    }),
  };
}
