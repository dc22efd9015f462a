import type { HandlersFor } from '../../../shared/contract/request-table';
import type { PlanLimits, usageRequests } from '../../../shared/contract/usage';
import { errorMessage } from '../../../shared/error-message';
import type { AgentRegistry } from '../agent-registry';
import { contextUsageOf } from '../claude/context-usage';
import { planLimitsOf } from '../claude/plan-limits';
import type { LibraryService } from '../library-service';

/**
 * "Context usage" asks the block's CLI what fills its window; "Usage" reads the session library's
 * index for what every session spent, and asks a running CLI for the plan's limits (only it can
 * reach the claude.ai account it is signed in to).
 */
export function usageHandlers(
  agents: AgentRegistry,
  library: LibraryService | undefined,
): HandlersFor<typeof usageRequests> {
  const plan = async (
    agentId: string | null,
  ): Promise<{ plan: PlanLimits | null; planUnavailable: string | null }> => {
    if (agentId === null)
      return {
        plan: null,
        planUnavailable: 'Plan limits come from Claude Code: open an agent block to see them.',
      };
    try {
      // Without the scan of a week of transcripts it would add: the table below is the library's.
      const answer = await agents
        .get(agentId)
        .controlRequest({ subtype: 'get_usage', skip_behaviors: true });
      return { plan: planLimitsOf(answer), planUnavailable: null };
    } catch (error) {
      return {
        plan: null,
        planUnavailable: `Claude Code did not report plan limits: ${errorMessage(error)}`,
      };
    }
  };
  return {
    contextUsage: async ({ agentId }) =>
      contextUsageOf(await agents.get(agentId).controlRequest({ subtype: 'get_context_usage' })),
    usage: async ({ agentId }) => {
      if (!library) throw new Error('this host has no session library');
      const [table, limits] = await Promise.all([library.usage(), plan(agentId)]);
      return { table, ...limits };
    },
  };
}
