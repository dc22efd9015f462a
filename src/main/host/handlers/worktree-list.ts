import type { worktreeListRequests } from '../../../shared/contract/worktree-list';
import type { HandlersFor } from '../../../shared/contract/request-table';
import type { RemoteCommands } from '../../git/remote-files';
import { listWorktrees, pruneWorktree } from '../../git/worktree-list';
import { filesOn } from '../block-files';
import type { LaunchContext } from '../launch-context';

/** The "Worktrees" list: git where the repository is, here or on a host over ssh (`remote`). */
export function worktreeListHandlers(
  launch: LaunchContext,
  remote: RemoteCommands,
): HandlersFor<typeof worktreeListRequests> {
  const git = async (host: string | undefined) => ({
    files: await filesOn(host, remote, launch),
  });
  return {
    listWorktrees: async ({ cwd, host }) => listWorktrees(cwd, await git(host)),
    pruneWorktree: async ({ worktree }) => {
      await pruneWorktree(worktree, await git(worktree.host));
      return null;
    },
  };
}
