import { homedir } from 'node:os';
import type { worktreeRequests } from '../../../shared/contract/worktree';
import type { HandlersFor } from '../../../shared/contract/request-table';
import {
  createWorktree,
  discardWorktree,
  mergeWorktree,
  worktreeLeftovers,
  worktreeStat,
} from '../../git/worktrees';
import type { AgentRegistry } from '../agent-registry';
import type { LaunchContext } from '../launch-context';

/** "New agent in worktree": git runs with the user's environment, whose PATH finds their git. */
export function worktreeHandlers(
  agents: AgentRegistry,
  launch: LaunchContext,
): HandlersFor<typeof worktreeRequests> {
  const git = async () => ({ env: await launch.environment() });
  // The agent stops first: nothing may write to the worktree while it is merged or removed (and
  // Windows cannot remove a folder a process works in).
  const stopAgent = async (agentId: string | undefined) => {
    if (agentId) await agents.close(agentId);
  };
  return {
    createWorktree: async ({ cwd }) =>
      createWorktree(cwd, { ...(await git()), folder: launch.worktreeFolder(), home: homedir() }),
    worktreeStat: async ({ worktree }) => worktreeStat(worktree, await git()),
    worktreeLeftovers: async ({ worktree }) => worktreeLeftovers(worktree, await git()),
    mergeWorktree: async ({ worktree, agentId }) => {
      await stopAgent(agentId);
      return mergeWorktree(worktree, await git());
    },
    discardWorktree: async ({ worktree, agentId }) => {
      await stopAgent(agentId);
      await discardWorktree(worktree, await git());
      return null;
    },
  };
}
