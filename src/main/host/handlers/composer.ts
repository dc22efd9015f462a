import type { composerRequests } from '../../../shared/contract/composer';
import type { HandlersFor } from '../../../shared/contract/request-table';
import type { AgentRegistry } from '../agent-registry';
import type { FileIndex } from '../file-index';
import { staysInFolder } from '../stays-in-folder';

/** Claude Code offers `.git/` itself for a bare `@` in a work tree: never what a user means. */
const offered = (path: string) => staysInFolder(path) && !/^\.git(\/|$)/.test(path);

/**
 * `@` completion: Claude Code's `file_suggestions` first (its own fuzzy index, the one its
 * terminal UI uses); where it has nothing (outside a git work tree it lists only the top level),
 * is not running, or fails, Tether's index of the agent's folder. Only paths inside that folder
 * are asked for or offered.
 */
export function composerHandlers(
  agents: AgentRegistry,
  index: FileIndex,
): HandlersFor<typeof composerRequests> {
  return {
    suggestAgentFiles: async ({ agentId, query }) => {
      const root = agents.folder(agentId);
      if (!staysInFolder(query)) return { paths: [], source: 'index' };
      const fromClaude = await agents
        .get(agentId)
        .fileSuggestions(query)
        .catch(() => []);
      const paths = fromClaude.filter(offered);
      if (paths.length > 0) return { paths, source: 'claude' };
      return { paths: await index.search(root, query), source: 'index' };
    },
  };
}
