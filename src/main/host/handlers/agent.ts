import type { agentRequests } from '../../../shared/contract/agent';
import type { HandlersFor } from '../../../shared/contract/request-table';
import type { AgentRegistry } from '../agent-registry';
import type { LaunchContext } from '../launch-context';

/** The agent block's session: each request goes to the client's session of that block. */
export function agentHandlers(
  agents: AgentRegistry,
  launch: LaunchContext,
): HandlersFor<typeof agentRequests> {
  return {
    openAgent: async (params) => agents.open(params, await launch.agent()),
    sendAgentMessage: ({ agentId, text, uuid, images, priority }) => {
      agents.get(agentId).send(text, uuid, images, priority);
      return null;
    },
    withdrawAgentMessage: async ({ agentId, uuid }) => ({
      withdrawn: await agents.get(agentId).withdraw(uuid),
    }),
    sendAgentMessageNow: async ({ agentId, uuid }) => {
      await agents.get(agentId).sendNow(uuid);
      return null;
    },
    interruptAgent: async ({ agentId }) => {
      await agents.get(agentId).interrupt();
      return null;
    },
    stopAgentTask: async ({ agentId, taskId }) => {
      await agents.get(agentId).stopTask(taskId);
      return null;
    },
    getAgentTaskOutput: ({ agentId, taskId }) => agents.get(agentId).taskOutput(taskId),
    setAgentPermissionMode: async ({ agentId, mode }) => {
      await agents.get(agentId).setPermissionMode(mode);
      return null;
    },
    setAgentModel: async ({ agentId, model }) => {
      await agents.get(agentId).setModel(model);
      return null;
    },
    renameAgent: async ({ agentId, title }) => {
      await agents.get(agentId).rename(title);
      return null;
    },
    answerPermission: ({ agentId, requestId, decision }) => ({
      answered: agents.get(agentId).answerPermission(requestId, decision),
    }),
    openAgentRaw: ({ agentId }) => agents.openRaw(agentId),
    closeAgentRaw: ({ agentId }) => {
      agents.closeRaw(agentId);
      return null;
    },
    closeAgent: async ({ agentId, forget }) => {
      await agents.close(agentId, forget);
      return null;
    },
  };
}
