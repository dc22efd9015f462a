import { useCallback, useEffect, useRef, useState } from 'react';
import type { McpServerView } from '../../../../shared/contract/claude-mcp';
import type { RequestResult } from '../../../../shared/contract/host';
import { failureReason } from '../../../../shared/host-api';
import { openExternalLink } from '../../host/open-external-link';
import type { ClaudeSettingsScope } from '../ClaudeSettings';
import { AddServerForm } from './AddServerForm';
import './mcp.css';

type Listing = RequestResult<'listMcpServers'>;

/** While a server connects or a sign-in is awaited, the list is asked again this often. */
const PENDING_POLL_MS = 1_000;

const STATUS_WORDS: Record<string, string> = {
  connected: 'connected',
  failed: 'failed',
  'needs-auth': 'needs authentication',
  disabled: 'disabled',
  pending: 'pending',
  'not-running': 'not in this session',
};

/**
 * "MCP servers": each server of the block's session and of Claude Code's files, with its scope,
 * its state and its tools, and what can be done to it there and then.
 */
export function McpServersPage({ api, agentId }: ClaudeSettingsScope) {
  const [listing, setListing] = useState<Listing | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [news, setNews] = useState('');
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const mounted = useRef(true);

  const load = useCallback(
    () =>
      api.listMcpServers({ agentId }).then(
        (result) => {
          if (!mounted.current) return;
          setListing(result);
          setFailure(null);
        },
        (error: unknown) => mounted.current && setFailure(failureReason(error)),
      ),
    [api, agentId],
  );

  useEffect(() => {
    mounted.current = true;
    void load();
    return () => {
      mounted.current = false;
    };
  }, [load]);

  /** The server whose sign-in page was opened: listed again until it no longer needs auth. */
  const [signingIn, setSigningIn] = useState<string | null>(null);
  const waiting =
    listing?.servers.some(
      (server) =>
        server.status === 'pending' ||
        (server.name === signingIn && server.status === 'needs-auth'),
    ) ?? false;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => void load(), PENDING_POLL_MS);
    return () => clearTimeout(timer);
  }, [waiting, listing, load]);

  /** Runs one button's request, says how it went, and lists the servers again. */
  const act = (server: string, what: () => Promise<string>) => {
    // aria-disabled, not disabled, while one runs: a disabled button would drop the keyboard's focus.
    if (busy !== null) return;
    setBusy(server);
    what()
      .then(
        (said) => mounted.current && setNews(said),
        (error: unknown) => mounted.current && setNews(`${server}: ${failureReason(error)}`),
      )
      .then(load)
      .finally(() => mounted.current && setBusy(null));
  };

  const live = listing?.live === true;
  const actions = {
    toggle: (server: McpServerView, enabled: boolean) =>
      act(server.name, async () => {
        await api.toggleMcpServer({ agentId: agentId!, name: server.name, enabled });
        return `${server.name} ${enabled ? 'enabled' : 'disabled'}.`;
      }),
    reconnect: (server: McpServerView) =>
      act(server.name, async () => {
        await api.reconnectMcpServer({ agentId: agentId!, name: server.name });
        return `${server.name} reconnected.`;
      }),
    authenticate: (server: McpServerView) =>
      act(server.name, async () => {
        const { authUrl } = await api.authenticateMcpServer({
          agentId: agentId!,
          name: server.name,
        });
        if (!authUrl) return `${server.name} needs no sign-in.`;
        setSigningIn(server.name);
        await openExternalLink(api, authUrl);
        return `Sign in to ${server.name} in the browser; Claude Code finishes when you have.`;
      }),
    remove: (server: McpServerView) =>
      act(server.name, async () => {
        await api.removeMcpServer({ agentId, name: server.name, scope: server.removable! });
        return `${server.name} removed from the ${server.removable} scope.`;
      }),
  };

  return (
    <div className="mcp-servers">
      {!agentId && (
        <p className="mcp-note">
          No agent block is open: these are your own servers, from ~/.claude.json.
        </p>
      )}
      {listing?.refusal && <p className="mcp-note">{listing.refusal}</p>}
      {failure && <p role="alert">{failure}</p>}
      {listing?.problems.map((problem) => (
        <p role="alert" key={problem}>
          {problem}
        </p>
      ))}
      {listing && listing.servers.length === 0 && <p className="mcp-note">No MCP servers.</p>}
      <ul aria-label="MCP servers" className="mcp-server-list">
        {listing?.servers.map((server) => (
          <ServerRow
            key={server.name}
            server={server}
            live={live}
            busy={busy === server.name}
            actions={actions}
            canEditFiles={!listing.refusal}
          />
        ))}
      </ul>
      <p role="status" className="mcp-news">
        {news}
      </p>
      {adding ? (
        <AddServerForm
          api={api}
          agentId={agentId}
          onDone={(said) => {
            setAdding(false);
            setNews(said);
            void load();
          }}
          onCancel={() => setAdding(false)}
        />
      ) : (
        !listing?.refusal && (
          <button type="button" onClick={() => setAdding(true)}>
            Add server
          </button>
        )
      )}
    </div>
  );
}

interface ServerRowProps {
  server: McpServerView;
  live: boolean;
  busy: boolean;
  canEditFiles: boolean;
  actions: {
    toggle(server: McpServerView, enabled: boolean): void;
    reconnect(server: McpServerView): void;
    authenticate(server: McpServerView): void;
    remove(server: McpServerView): void;
  };
}

function ServerRow({ server, live, busy, canEditFiles, actions }: ServerRowProps) {
  const running = live && server.status !== 'not-running';
  const disabled = server.status === 'disabled';
  const remote = server.transport === 'http' || server.transport === 'sse';
  const status = STATUS_WORDS[server.status] ?? server.status;
  return (
    <li aria-label={server.name} className={`mcp-server mcp-status-${server.status}`}>
      <div className="mcp-server-head">
        <strong>{server.name}</strong>
        <span className="mcp-scope" aria-label="Scope">
          {server.scope}
        </span>
        <span className="mcp-status" aria-label="Status">
          {server.error ? `${status}: ${server.error}` : status}
        </span>
      </div>
      <div className="mcp-target">{server.target}</div>
      {server.tools.length > 0 && (
        <div className="mcp-tools" aria-label="Tools">
          {server.tools.length} {server.tools.length === 1 ? 'tool' : 'tools'}:{' '}
          {server.tools.join(', ')}
        </div>
      )}
      <div className="mcp-actions">
        {running && (
          <button
            type="button"
            aria-disabled={busy}
            onClick={() => actions.toggle(server, disabled)}
          >
            {disabled ? 'Enable' : 'Disable'}
          </button>
        )}
        {running && !disabled && (
          <button type="button" aria-disabled={busy} onClick={() => actions.reconnect(server)}>
            Reconnect
          </button>
        )}
        {running && remote && !disabled && (
          <button type="button" aria-disabled={busy} onClick={() => actions.authenticate(server)}>
            Authenticate
          </button>
        )}
        {canEditFiles && server.removable && (
          <button type="button" aria-disabled={busy} onClick={() => actions.remove(server)}>
            Remove
          </button>
        )}
      </div>
    </li>
  );
}
