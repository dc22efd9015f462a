import type { reviewRequests } from '../../../shared/contract/review';
import type { HandlersFor } from '../../../shared/contract/request-table';
import type { RemoteCommands } from '../../git/remote-files';
import type { AgentRegistry } from '../agent-registry';
import { agentHost, filesOn } from '../block-files';
import { editedTextOf, lineOfText, replacementOf, revertReplacement } from '../edit-revert';
import type { LaunchContext } from '../launch-context';
import { editedFile, openInEditor, type EditorOptions } from '../open-in-editor';

/**
 * "Revert hunk", "Open in editor" and where a review comment's lines are: on what the agent's own log says it edited, only, on the
 * machine the block works on (`remote` reaches a remote block's host).
 */
export function reviewHandlers(
  agents: AgentRegistry,
  launch: LaunchContext,
  desktop: Pick<EditorOptions, 'platform' | 'openPath' | 'revealPath'>,
  remote: RemoteCommands,
): HandlersFor<typeof reviewRequests> {
  return {
    revertAgentEdit: async ({ agentId, toolUseId, editIndex }) => {
      const replacement = replacementOf(agents.toolUse(agentId, toolUseId), editIndex);
      if (typeof replacement === 'string') throw new Error(replacement);
      await revertReplacement(
        replacement,
        await filesOn(agentHost(agents, agentId), remote, launch),
      );
      return { path: replacement.path };
    },
    locateAgentEdit: async ({ agentId, toolUseId, editIndex }) => {
      const edited = editedTextOf(agents.toolUse(agentId, toolUseId), editIndex);
      if (!edited) return { line: null };
      const files = await filesOn(agentHost(agents, agentId), remote, launch);
      return { line: await lineOfText(edited, files) };
    },
    openEditedFile: async ({ agentId, toolUseId }) => {
      const host = agentHost(agents, agentId);
      const path = editedFile(agents.logged(agentId), toolUseId, desktop.platform, host);
      await openInEditor(path, { env: await launch.environment(), ...desktop, host });
      return null;
    },
  };
}
