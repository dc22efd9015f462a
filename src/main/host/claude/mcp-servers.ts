import { z } from 'zod';
import type {
  McpServerConfig,
  McpServerView,
  McpWritableScope,
} from '../../../shared/contract/claude-mcp';
import { errorMessage } from '../../../shared/error-message';
import type { AgentSession } from '../../agent/agent-session';
import {
  addServerToFile,
  configuredServers,
  forgetDisabled,
  removeServerFromFile,
  type ConfiguredServer,
  type McpFiles,
} from './mcp-files';

// The "MCP servers" settings: Claude Code's files and the running session's servers, together.
// What the pinned CLI answers to each control request is in docs/protocol.md ("Claude settings:
// MCP servers") and test/session/mcp-control.test.ts.

/** Only what is read of `mcp_status`'s answer; the CLI sends more. */
const statusSchema = z.object({
  mcpServers: z.array(
    z.object({
      name: z.string(),
      status: z.string(),
      scope: z.string().optional(),
      source: z.string().optional(),
      error: z.string().optional(),
      transport: z.string().optional(),
      config: z.record(z.string(), z.unknown()).optional(),
      tools: z.array(z.object({ name: z.string() })).optional(),
    }),
  ),
});
type LiveServer = z.infer<typeof statusSchema>['mcpServers'][number];

const setServersSchema = z.object({ errors: z.record(z.string(), z.string()) });
const authenticateSchema = z.object({ authUrl: z.string().optional() });

/**
 * The servers each session was handed with `mcp_set_servers`, which replaces the whole set it
 * was given: a server added from the settings joins the session this way (the CLI reads its
 * files only when it starts). Keyed by the session, so a page that reloads finds the set again.
 */
const handedTo = new WeakMap<AgentSession, Map<string, McpServerConfig>>();

function handed(session: AgentSession): Map<string, McpServerConfig> {
  let servers = handedTo.get(session);
  if (!servers) handedTo.set(session, (servers = new Map()));
  return servers;
}

async function liveServers(session: AgentSession): Promise<LiveServer[]> {
  return statusSchema.parse(await session.controlRequest({ subtype: 'mcp_status' })).mcpServers;
}

function targetOf(config: Record<string, unknown> | undefined): string {
  if (!config) return '';
  if (typeof config['url'] === 'string') return config['url'];
  const args = Array.isArray(config['args']) ? config['args'].map(String) : [];
  return [String(config['command'] ?? ''), ...args].join(' ').trim();
}

/**
 * The scope as people know it: a plugin's server comes as `dynamic` with `source: "plugin"`
 * (seen with `--plugin-dir`); `enterprise` is the CLI's name for the administrator's
 * `managed-mcp.json`, shown as managed like the policy settings' own `managed`.
 */
function scopeShown(server: LiveServer): string {
  if (server.scope === 'dynamic' && server.source === 'plugin') return 'plugin';
  if (server.scope === 'enterprise') return 'managed';
  return server.scope ?? 'unknown';
}

/** Where a session's server came from: the file Tether wrote it to, for one it handed over. */
function fileScopeOf(
  server: LiveServer,
  files: readonly ConfiguredServer[],
  session: AgentSession,
): McpWritableScope | null {
  const inFile = (scope: string | undefined) =>
    files.find((f) => f.name === server.name && (scope === undefined || f.scope === scope));
  if (server.scope === 'dynamic') {
    return handed(session).has(server.name) ? (inFile(undefined)?.scope ?? null) : null;
  }
  return inFile(server.scope)?.scope ?? null;
}

/**
 * Every server of the session (as `mcp_status` lists them), then those of the files it does not
 * run (`not-running`): added by another session, or with no session at all.
 */
export async function listServers(
  session: AgentSession | null,
  files: McpFiles | null,
): Promise<{ servers: McpServerView[]; problems: string[]; live: boolean }> {
  const configured = files ? await configuredServers(files) : { servers: [], problems: [] };
  let live: LiveServer[] = [];
  if (session) {
    try {
      live = await liveServers(session);
    } catch (error) {
      // A session that is starting, ended or stuck: the files' servers are still worth showing.
      configured.problems.push(`The session did not list its servers: ${errorMessage(error)}`);
      session = null;
    }
  }
  const views: McpServerView[] = live.map((server) => {
    const removable = session ? fileScopeOf(server, configured.servers, session) : null;
    return {
      name: server.name,
      scope: removable ?? scopeShown(server),
      status: server.status,
      ...(server.error === undefined ? {} : { error: server.error }),
      transport: server.transport ?? String(server.config?.['type'] ?? 'stdio'),
      target: targetOf(server.config),
      tools: (server.tools ?? []).map((tool) => tool.name),
      removable,
    };
  });
  for (const file of configured.servers) {
    if (views.some((view) => view.name === file.name)) continue;
    views.push({
      name: file.name,
      scope: file.scope,
      status: 'not-running',
      transport: String(file.config['type'] ?? 'stdio'),
      target: targetOf(file.config),
      tools: [],
      removable: file.scope,
    });
  }
  return { servers: views, problems: configured.problems, live: session !== null };
}

/** Hands the session its whole set again; resolves to why, per server, one could not start. */
async function handOver(session: AgentSession): Promise<Record<string, string>> {
  const servers = Object.fromEntries(handed(session));
  const answer = await session.controlRequest({ subtype: 'mcp_set_servers', servers });
  return setServersSchema.parse(answer).errors;
}

/**
 * Writes the server into `scope`'s file and starts it in the session. Resolves to why the
 * session could not start it (the file keeps it), or null.
 */
export async function addServer(
  session: AgentSession | null,
  files: McpFiles,
  scope: McpWritableScope,
  name: string,
  config: McpServerConfig,
): Promise<string | null> {
  const taken = (await listServers(session, files)).servers.find((s) => s.name === name);
  if (taken) throw new Error(`a server named ${name} is already configured (${taken.scope})`);
  await addServerToFile(files, scope, name, config);
  if (!session) return null;
  handed(session).set(name, config);
  try {
    return (await handOver(session))[name] ?? null;
  } catch (error) {
    // Written all the same: the session's next start reads it from the file.
    return errorMessage(error);
  }
}

/**
 * Takes the server out of `scope`'s file and out of the session: one Tether handed over leaves
 * the set; one the session read from its files at start is disabled (the CLI has no request to
 * drop it), and the note the CLI keeps of that is taken back.
 */
export async function removeServer(
  session: AgentSession | null,
  files: McpFiles,
  scope: McpWritableScope,
  name: string,
): Promise<void> {
  await removeServerFromFile(files, scope, name);
  if (!session) return;
  if (handed(session).delete(name)) {
    await handOver(session);
    return;
  }
  const running = (await liveServers(session)).find((s) => s.name === name && s.scope === scope);
  if (!running || running.status === 'disabled') return;
  await session.controlRequest({ subtype: 'mcp_toggle', serverName: name, enabled: false });
  await forgetDisabled(files, name);
}

export async function toggleServer(
  session: AgentSession,
  name: string,
  enabled: boolean,
): Promise<void> {
  await session.controlRequest({ subtype: 'mcp_toggle', serverName: name, enabled });
}

export async function reconnectServer(session: AgentSession, name: string): Promise<void> {
  await session.controlRequest({ subtype: 'mcp_reconnect', serverName: name });
}

/**
 * Starts the server's OAuth sign-in. The CLI listens for the browser's return itself (no
 * `redirectUri` is given), so the page only opens `authUrl`; null when no sign-in is needed.
 */
export async function authenticateServer(
  session: AgentSession,
  name: string,
): Promise<string | null> {
  const answer = await session.controlRequest({ subtype: 'mcp_authenticate', serverName: name });
  return authenticateSchema.parse(answer).authUrl ?? null;
}
