import { createHostApi, type HostApi, type HostTransport } from '../../../shared/host-api';
import { tabClientId } from './tab-client-id';
import { takeTabToken } from './tab-token';
import { WebSocketTransport } from './websocket-transport';

declare global {
  interface Window {
    /** The Electron preload's bridge to the host; absent in browser mode. */
    tether?: HostTransport;
  }
}

/** Why this page cannot talk to Tether: it went away, or the page never had the right token. */
export type ConnectionProblem = 'lost' | 'no-token' | 'wrong-token';

/**
 * The host behind this page: through the preload's bridge in Electron, else browser mode's
 * WebSocket, or null when the tab has no token to open it with.
 */
export function connectHost(onProblem: (problem: ConnectionProblem) => void): HostApi | null {
  if (window.tether) return createHostApi(window.tether);
  const token = takeTabToken(window);
  if (token === null) {
    onProblem('no-token');
    return null;
  }
  const clientId = tabClientId(window);
  const client = clientId ? `&client=${clientId}` : '';
  const url = `ws://${window.location.host}/ws?token=${encodeURIComponent(token)}${client}`;
  const transport = new WebSocketTransport(url, ({ opened }) => {
    // A refused upgrade and a server that is gone look the same to a WebSocket: ask which.
    if (opened) onProblem('lost');
    else void isRefused(token).then((refused) => onProblem(refused ? 'wrong-token' : 'lost'));
  });
  return createHostApi(transport);
}

async function isRefused(token: string): Promise<boolean> {
  try {
    return (await fetch('/token-check', { headers: { 'x-tether-token': token } })).status === 403;
  } catch {
    return false;
  }
}
