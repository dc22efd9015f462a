import type { claudeMcpRequests } from '../../../shared/contract/claude-mcp';
import type { HandlersFor } from '../../../shared/contract/request-table';
import type { AgentRegistry } from '../agent-registry';
import { claudeJsonPath, type McpFiles } from '../claude/mcp-files';
import {
  addServer,
  authenticateServer,
  listServers,
  reconnectServer,
  removeServer,
  toggleServer,
} from '../claude/mcp-servers';

/** Why a remote block's files are not shown: they are on its host, not here. */
export function remoteRefusal(host: string): string {
  return `This block runs on ${host}; Tether edits Claude's files on this computer only for now.`;
}

/**
 * "Claude settings" → "MCP servers" for an agent block (or, with none, the user's own servers):
 * the session's answers and Claude Code's files on this computer. `claudeEnv` is the environment
 * agents start with, whose HOME (or CLAUDE_CONFIG_DIR) holds `~/.claude.json`.
 */
export function claudeMcpHandlers(
  agents: AgentRegistry,
  claudeEnv: () => Promise<NodeJS.ProcessEnv>,
): HandlersFor<typeof claudeMcpRequests> {
  /** The block's folder on this computer; a remote block's are refused with `remoteRefusal`. */
  const place = (agentId: string | null) => {
    if (agentId === null) return { session: null, cwd: null, host: undefined };
    const { cwd, host } = agents.location(agentId);
    return { session: agents.get(agentId), cwd, host };
  };
  const filesOf = async (cwd: string | null): Promise<McpFiles> => ({
    claudeJson: claudeJsonPath(await claudeEnv()),
    cwd,
  });
  const localFiles = async (agentId: string | null) => {
    const { session, cwd, host } = place(agentId);
    if (host) throw new Error(remoteRefusal(host));
    return { session, files: await filesOf(cwd) };
  };

  return {
    listMcpServers: async ({ agentId }) => {
      const { session, cwd, host } = place(agentId);
      const files = host ? null : await filesOf(cwd);
      const { servers, problems, live } = await listServers(session, files);
      return {
        servers,
        live,
        problems,
        refusal: host ? remoteRefusal(host) : null,
      };
    },
    toggleMcpServer: async ({ agentId, name, enabled }) => {
      await toggleServer(agents.get(agentId), name, enabled);
      return null;
    },
    reconnectMcpServer: async ({ agentId, name }) => {
      await reconnectServer(agents.get(agentId), name);
      return null;
    },
    authenticateMcpServer: async ({ agentId, name }) => ({
      authUrl: await authenticateServer(agents.get(agentId), name),
    }),
    addMcpServer: async ({ agentId, name, scope, config }) => {
      const { session, files } = await localFiles(agentId);
      return { error: await addServer(session, files, scope, name, config) };
    },
    removeMcpServer: async ({ agentId, name, scope }) => {
      const { session, files } = await localFiles(agentId);
      await removeServer(session, files, scope, name);
      return null;
    },
  };
}
