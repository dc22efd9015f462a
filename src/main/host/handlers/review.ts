import type { reviewRequests } from '../../../shared/contract/review';
import type { HandlersFor } from '../../../shared/contract/request-table';
import type { AgentRegistry } from '../agent-registry';
import { replacementOf, revertReplacement } from '../edit-revert';
import type { LaunchContext } from '../launch-context';
import { editedFile, openInEditor, type EditorOptions } from '../open-in-editor';

/** "Revert hunk" and "Open in editor": on what the agent's own log says it edited, only. */
export function reviewHandlers(
  agents: AgentRegistry,
  launch: LaunchContext,
  desktop: Pick<EditorOptions, 'platform' | 'openPath' | 'revealPath'>,
): HandlersFor<typeof reviewRequests> {
  return {
    revertAgentEdit: async ({ agentId, toolUseId, editIndex }) => {
      const replacement = replacementOf(agents.toolUse(agentId, toolUseId), editIndex);
      if (typeof replacement === 'string') throw new Error(replacement);
      await revertReplacement(replacement);
      return { path: replacement.path };
    },
    openEditedFile: async ({ agentId, toolUseId }) => {
      const path = editedFile(agents.logged(agentId), toolUseId, desktop.platform);
      await openInEditor(path, { env: await launch.environment(), ...desktop });
      return null;
    },
  };
}
