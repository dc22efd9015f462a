import { createHostApi, type HostApi } from '../../../shared/host-api';
import { WebSocketTransport } from './websocket-transport';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in browser mode. */
    tether?: HostApi;
  }
}

/** The host behind this page: the preload's api in Electron, else browser mode's WebSocket. */
export function connectHost(onDisconnect: () => void): HostApi {
  if (window.tether) return window.tether;
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const url = `ws://${window.location.host}/ws?token=${encodeURIComponent(token)}`;
  return createHostApi(new WebSocketTransport(url, onDisconnect));
}
