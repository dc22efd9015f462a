import type { composerRequests } from '../../../shared/contract/composer';
import type { HandlersFor } from '../../../shared/contract/request-table';
import { RemoteFiles, type RemoteCommands } from '../../git/remote-files';
import type { AgentRegistry } from '../agent-registry';
import type { FileIndex, RemoteListing } from '../file-index';
import { listRemoteFolder } from '../folder-listing';
import { staysInFolder } from '../stays-in-folder';

/** Claude Code offers `.git/` itself for a bare `@` in a work tree: never what a user means. */
const offered = (path: string) => staysInFolder(path) && !/^\.git(\/|$)/.test(path);

/**
 * `@` completion: Claude Code's `file_suggestions` first (its own fuzzy index, the one its
 * terminal UI uses); where it has nothing (outside a git work tree it lists only the top level),
 * is not running, or fails, Tether's index of the agent's folder, listed on the block's host for
 * a remote block (`remote`). Only paths inside that folder are asked for or offered.
 */
export function composerHandlers(
  agents: AgentRegistry,
  index: FileIndex,
  remote: RemoteCommands,
): HandlersFor<typeof composerRequests> {
  return {
    suggestAgentFiles: async ({ agentId, query }) => {
      const { cwd: root, host } = agents.location(agentId);
      if (!staysInFolder(query)) return { paths: [], source: 'index' };
      const fromClaude = await agents
        .get(agentId)
        .fileSuggestions(query)
        .catch(() => []);
      const paths = fromClaude.filter(offered);
      if (paths.length > 0) return { paths, source: 'claude' };
      const listing: RemoteListing | undefined = host
        ? {
            host,
            list: (folder, limits) =>
              listRemoteFolder(new RemoteFiles(host, remote), folder, limits),
          }
        : undefined;
      return { paths: await index.search(root, query, undefined, listing), source: 'index' };
    },
  };
}
