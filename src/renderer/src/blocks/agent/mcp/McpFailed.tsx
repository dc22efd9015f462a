import { useState } from 'react';
import { failureReason, type HostApi } from '../../../../../shared/host-api';
import './mcp-failed.css';

interface McpFailedProps {
  api: HostApi;
  agentId: string;
  /** The servers the session's latest `init` listed as failed. */
  servers: readonly string[];
}

/**
 * The MCP servers of the session that failed to connect, each with "Reconnect": one that comes
 * back leaves the notice at once; one that fails again says why.
 */
export function McpFailed({ api, agentId, servers }: McpFailedProps) {
  const [outcome, setOutcome] = useState<Record<string, string>>({});
  const [back, setBack] = useState<readonly string[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const shown = servers.filter((name) => !back.includes(name));
  if (shown.length === 0) return null;

  const reconnect = (name: string) => {
    // aria-disabled while it runs: a disabled button would drop the keyboard's focus.
    if (busy !== null) return;
    setBusy(name);
    api
      .reconnectMcpServer({ agentId, name })
      .then(
        () => setBack((list) => [...list, name]),
        (error: unknown) => setOutcome((all) => ({ ...all, [name]: failureReason(error) })),
      )
      .finally(() => setBusy(null));
  };

  return (
    <ul className="agent-mcp-failed" aria-label="MCP servers that failed">
      {shown.map((name) => (
        <li key={name} aria-label={name}>
          MCP server <strong>{name}</strong> failed to connect
          {outcome[name] ? `: ${outcome[name]}` : '.'}{' '}
          <button type="button" aria-disabled={busy === name} onClick={() => reconnect(name)}>
            Reconnect
          </button>
        </li>
      ))}
    </ul>
  );
}
