import type { AgentEvent } from '../../shared/agent-event';
import { isRecord } from '../../shared/is-record';
import { str } from '../../shared/json-fields';

/**
 * Which MCP servers failed, from each `init` frame's `mcp_servers` (`[{name, status, source}]`):
 * an `mcp_failed` event when that set changes, none for a session whose servers all connect.
 */
export class McpFailures {
  private announced = '';

  fromInit(servers: unknown): (AgentEvent & { type: 'mcp_failed' }) | null {
    if (!Array.isArray(servers)) return null;
    const failed = servers.flatMap((server) => {
      const name = isRecord(server) && server['status'] === 'failed' ? str(server['name']) : null;
      return name ? [name] : [];
    });
    const key = failed.join('\n');
    if (key === this.announced) return null;
    this.announced = key;
    return { type: 'mcp_failed', servers: failed };
  }
}
