import type { worktreeRequests } from '../../../shared/contract/worktree';
import type { HandlersFor } from '../../../shared/contract/request-table';
import type { RemoteCommands } from '../../git/remote-files';
import {
  createWorktree,
  discardWorktree,
  mergeWorktree,
  worktreeLeftovers,
  worktreeStat,
} from '../../git/worktrees';
import { recordWorktreeBase } from '../../git/worktree-list';
import type { AgentRegistry } from '../agent-registry';
import { filesOn } from '../block-files';
import type { LaunchContext } from '../launch-context';

/**
 * "New agent in worktree": git runs with the user's environment, whose PATH finds their git; or,
 * for a repository on a host (the request's, then the worktree's own `host`), there over ssh
 * (`remote`).
 */
export function worktreeHandlers(
  agents: AgentRegistry,
  launch: LaunchContext,
  remote: RemoteCommands,
): HandlersFor<typeof worktreeRequests> {
  const git = async (host: string | undefined) => ({
    files: await filesOn(host, remote, launch),
  });
  // The agent stops first: nothing may write to the worktree while it is merged or removed (and
  // Windows cannot remove a folder a process works in).
  const stopAgent = async (agentId: string | undefined) => {
    if (agentId) await agents.close(agentId);
  };
  return {
    createWorktree: async ({ cwd, host }) => {
      const options = await git(host);
      // The worktree folder setting's `~` is the home of the machine the repository is on.
      const home = await options.files.home();
      const worktree = await createWorktree(cwd, {
        ...options,
        folder: launch.worktreeFolder(),
        home,
      });
      await recordWorktreeBase(worktree, options);
      return worktree;
    },
    worktreeStat: async ({ worktree }) => worktreeStat(worktree, await git(worktree.host)),
    worktreeLeftovers: async ({ worktree }) =>
      worktreeLeftovers(worktree, await git(worktree.host)),
    mergeWorktree: async ({ worktree, agentId }) => {
      await stopAgent(agentId);
      return mergeWorktree(worktree, await git(worktree.host));
    },
    discardWorktree: async ({ worktree, agentId }) => {
      await stopAgent(agentId);
      await discardWorktree(worktree, await git(worktree.host));
      return null;
    },
  };
}
