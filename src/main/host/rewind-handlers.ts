import type { RequestParams, RequestResult, RewindRequestName } from '../../shared/host-contract';
import type { AgentRegistry } from './agent-registry';

type Handlers = {
  [K in RewindRequestName]: (params: RequestParams<K>) => Promise<RequestResult<K>>;
};

/** "Rewind code to here": the CLI's `rewind_files`, first as a dry run for the dialog. */
export function rewindHandlers(agents: AgentRegistry): Handlers {
  return {
    previewRewind: ({ agentId, userMessageId }) =>
      agents.get(agentId).rewindFiles(userMessageId, true),
    rewindFiles: async ({ agentId, userMessageId }) => {
      await agents.get(agentId).rewindFiles(userMessageId, false);
      return null;
    },
  };
}
