import { z } from 'zod';
import { agentIdSchema as agentId } from './ids';
import type { RequestTable } from './request-table';

// "Claude settings" → "MCP servers": the servers an agent block's session has, and the ones
// Claude Code's files configure (docs/protocol.md, "Claude settings: MCP servers").

/** As `claude mcp add` takes them: letters, digits, `_` and `-`. */
export const mcpServerNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'a server name is 1-64 letters, digits, _ or -');

const envName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,127}$/, {
  message: 'a variable name is letters, digits and _, not starting with a digit',
});
const headerName = z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}$/, {
  message: 'a header name is one HTTP token (letters, digits, -)',
});
// Header values and variables travel to a process or a request line as they are: no line breaks.
const oneLine = z
  .string()
  .max(8192)
  .regex(/^[^\r\n\0]*$/, { message: 'a value is one line' });

/** A server started as a child process speaking MCP on its stdin and stdout. */
export const stdioServerSchema = z
  .object({
    type: z.literal('stdio').optional(),
    command: z.string().trim().min(1, 'a command is required').max(4096),
    args: z.array(z.string().max(8192)).max(256),
    env: z.record(envName, oneLine).optional(),
  })
  .strict();

/** A server reached over HTTP (streamable HTTP) or Server-Sent Events. */
export const remoteServerSchema = z
  .object({
    type: z.enum(['http', 'sse']),
    url: z
      .string()
      .max(4096)
      .regex(/^https?:\/\/[^\s]+$/i, { message: 'the URL starts with http:// or https://' }),
    headers: z.record(headerName, oneLine).optional(),
  })
  .strict();

/** A server as Tether writes it into Claude Code's files (and hands it to a running session). */
export const mcpServerConfigSchema = z.union([stdioServerSchema, remoteServerSchema]);
export type McpServerConfig = z.infer<typeof mcpServerConfigSchema>;

/** The files Tether writes: `~/.claude.json` (user, and local per folder) and `.mcp.json`. */
export const MCP_WRITABLE_SCOPES = ['local', 'project', 'user'] as const;
export const mcpWritableScopeSchema = z.enum(MCP_WRITABLE_SCOPES);
export type McpWritableScope = z.infer<typeof mcpWritableScopeSchema>;

/**
 * The CLI's states (`mcp_status`), and `not-running`: in a file, but not in the block's session
 * (added since it started, or no agent block is open).
 */
export const MCP_STATUSES = [
  'connected',
  'failed',
  'needs-auth',
  'disabled',
  'pending',
  'not-running',
] as const;

export const mcpServerViewSchema = z.object({
  name: z.string(),
  /** user, project, local, plugin, managed (and the CLI's others: dynamic, claudeai, …). */
  scope: z.string(),
  status: z.string(),
  /** Why it failed, as the CLI said. */
  error: z.string().optional(),
  /** stdio, http, sse, …: for the HTTP kinds "Authenticate" applies. */
  transport: z.string(),
  /** What it runs or where it is: the command line or the URL. */
  target: z.string(),
  tools: z.array(z.string()),
  /** The file scope Tether can remove it from; null where no file of those holds it. */
  removable: mcpWritableScopeSchema.nullable(),
});
export type McpServerView = z.infer<typeof mcpServerViewSchema>;

const onServer = z.object({ agentId, name: mcpServerNameSchema }).strict();

export const claudeMcpRequests = {
  /**
   * The servers of the agent block's session (from the CLI) and of Claude Code's files for its
   * folder; with no agent block, the user's own. `problems`: files that cannot be read, one
   * sentence each.
   */
  listMcpServers: {
    params: z.object({ agentId: agentId.nullable() }).strict(),
    result: z.object({
      servers: z.array(mcpServerViewSchema),
      /** Whether a running session answered: without one, states are `not-running`. */
      live: z.boolean(),
      problems: z.array(z.string()),
      /** Why the servers cannot be listed or edited at all (a block on another machine). */
      refusal: z.string().nullable(),
    }),
  },
  /** "Disable" / "Enable": the CLI keeps the choice per folder in `~/.claude.json`. */
  toggleMcpServer: {
    params: onServer.extend({ enabled: z.boolean() }).strict(),
    result: z.null(),
  },
  /** "Reconnect": rejects with the CLI's reason when the server fails again. */
  reconnectMcpServer: { params: onServer, result: z.null() },
  /** "Authenticate": the address to open in the browser; the CLI waits for the sign-in there. */
  authenticateMcpServer: {
    params: onServer,
    result: z.object({ authUrl: z.string().nullable() }),
  },
  /**
   * "Add server": written into the scope's file, then handed to the running session. `error`:
   * why the session could not start it (the file keeps it).
   */
  addMcpServer: {
    params: z
      .object({
        agentId: agentId.nullable(),
        name: mcpServerNameSchema,
        scope: mcpWritableScopeSchema,
        config: mcpServerConfigSchema,
      })
      .strict(),
    result: z.object({ error: z.string().nullable() }),
  },
  /** "Remove": out of the scope's file, and out of the running session. */
  removeMcpServer: {
    params: z
      .object({
        agentId: agentId.nullable(),
        name: mcpServerNameSchema,
        scope: mcpWritableScopeSchema,
      })
      .strict(),
    result: z.null(),
  },
} as const satisfies RequestTable;
