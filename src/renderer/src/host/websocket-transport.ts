import type { HostTransport } from '../../../shared/host-api';
import {
  serverFrameSchema,
  type ClientFrame,
  type HostResponse,
} from '../../../shared/host-contract';

/**
 * The browser-mode side of the WebSocket adapter. Requests made before the socket opens wait for
 * it; when the socket closes, every pending and later request fails with a plain message.
 */
export class WebSocketTransport implements HostTransport {
  private readonly socket: WebSocket;
  /** Settles when the socket is usable or gone, whichever comes first. */
  private readonly settled: Promise<void>;
  private readonly pending = new Map<number, (response: HostResponse) => void>();
  private readonly listeners = new Set<(name: unknown, payload: unknown) => void>();
  private nextId = 1;
  private closed = false;

  constructor(url: string, onClose: () => void) {
    this.socket = new WebSocket(url);
    this.settled = new Promise((resolve) => {
      this.socket.addEventListener('open', () => resolve());
      this.socket.addEventListener('close', () => resolve());
    });
    this.socket.addEventListener('message', (message) => this.receive(message.data));
    this.socket.addEventListener('close', (event) => {
      console.warn(`tether: the connection to the host closed (${event.code} ${event.reason})`);
      this.closed = true;
      for (const resolve of this.pending.values()) resolve(disconnected);
      this.pending.clear();
      onClose();
    });
  }

  async request(name: string, params: unknown): Promise<HostResponse> {
    await this.settled;
    if (this.closed) return disconnected;
    const id = this.nextId++;
    const frame: ClientFrame = { type: 'request', id, name, params };
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.socket.send(JSON.stringify(frame));
    });
  }

  subscribe(listener: (name: unknown, payload: unknown) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private receive(data: unknown): void {
    let parsed;
    try {
      parsed = serverFrameSchema.safeParse(JSON.parse(String(data)));
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) {
      console.warn('tether: ignored a malformed frame from the host');
      return;
    }
    const frame = parsed.data;
    if (frame.type === 'event') {
      for (const listener of this.listeners) listener(frame.event.name, frame.event.payload);
      return;
    }
    this.pending.get(frame.id)?.(frame.response);
    this.pending.delete(frame.id);
  }
}

const disconnected: HostResponse = { ok: false, error: 'The connection to Tether was lost.' };
