import type { rewindRequests } from '../../../shared/contract/rewind';
import type { HandlersFor } from '../../../shared/contract/request-table';
import type { AgentRegistry } from '../agent-registry';

/** "Rewind code to here": the CLI's `rewind_files`, first as a dry run for the dialog. */
export function rewindHandlers(agents: AgentRegistry): HandlersFor<typeof rewindRequests> {
  return {
    previewRewind: ({ agentId, userMessageId }) =>
      agents.get(agentId).rewindFiles(userMessageId, true),
    rewindFiles: async ({ agentId, userMessageId }) => {
      await agents.get(agentId).rewindFiles(userMessageId, false);
      return null;
    },
  };
}
