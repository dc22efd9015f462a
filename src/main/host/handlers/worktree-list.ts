import type { worktreeListRequests } from '../../../shared/contract/worktree-list';
import type { HandlersFor } from '../../../shared/contract/request-table';
import type { RemoteCommands } from '../../git/remote-files';
import { worktreePullRequest } from '../../git/pull-request';
import { listWorktrees, pruneWorktree } from '../../git/worktree-list';
import { filesOn } from '../block-files';
import type { LaunchContext } from '../launch-context';

/**
 * The "Worktrees" list: git where the repository is, here or on a host over ssh (`remote`), and
 * gh here for each row's pull request.
 */
export function worktreeListHandlers(
  launch: LaunchContext,
  remote: RemoteCommands,
): HandlersFor<typeof worktreeListRequests> {
  const git = async (host: string | undefined) => ({
    files: await filesOn(host, remote, launch),
  });
  return {
    listWorktrees: async ({ cwd, host }) => {
      const list = await listWorktrees(cwd, await git(host));
      // Each row's pull request as gh reports it; a row gh cannot tell about shows none.
      const env = await launch.environment();
      const worktrees = await Promise.all(
        list.worktrees.map(async (row) => {
          if (row.gone) return row;
          const pullRequest = await worktreePullRequest(row.worktree, env).catch(() => null);
          return pullRequest ? { ...row, pullRequest } : row;
        }),
      );
      return { ...list, worktrees };
    },
    pruneWorktree: async ({ worktree }) => {
      await pruneWorktree(worktree, await git(worktree.host));
      return null;
    },
  };
}
