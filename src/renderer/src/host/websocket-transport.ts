import type { HostTransport } from '../../../shared/host-api';
import type { HostResponse, ServerFrame } from '../../../shared/host-contract';
import type { PageMessage, WorkerMessage } from './socket-worker';

/**
 * The browser-mode side of the WebSocket adapter; the socket itself runs in `socket-worker`.
 * Requests made before the socket opens wait for it; when the socket closes, every pending and
 * later request fails with a plain message.
 */
export class WebSocketTransport implements HostTransport {
  private readonly worker: Worker;
  /** Settles when the socket is usable or gone, whichever comes first. */
  private readonly settled: Promise<void>;
  private readonly pending = new Map<number, (response: HostResponse) => void>();
  private readonly listeners = new Set<(name: unknown, payload: unknown) => void>();
  private nextId = 1;
  private closed = false;

  constructor(url: string, onClose: () => void) {
    this.worker = new Worker(new URL('./socket-worker.ts', import.meta.url), {
      type: 'module',
      name: 'tether-socket',
    });
    let settle: () => void;
    this.settled = new Promise((resolve) => (settle = resolve));
    const close = (why: string) => {
      if (this.closed) return;
      console.warn(`tether: the connection to the host closed (${why})`);
      this.closed = true;
      // Ends the socket too, if it is still open, so the host ends this page's sessions.
      this.worker.terminate();
      settle();
      for (const resolve of this.pending.values()) resolve(disconnected);
      this.pending.clear();
      onClose();
    };
    this.worker.addEventListener('message', (event: MessageEvent<WorkerMessage>) => {
      const message = event.data;
      if (message.kind === 'open') settle();
      else if (message.kind === 'frame') this.receive(message.frame);
      else close(`${message.code} ${message.reason}`);
    });
    this.worker.addEventListener('error', () => close('its worker failed'));
    this.worker.addEventListener('messageerror', () =>
      close('a message from its worker was unreadable'),
    );
    this.post({ connect: url });
  }

  async request(name: string, params: unknown): Promise<HostResponse> {
    await this.settled;
    if (this.closed) return disconnected;
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.post({ send: { type: 'request', id, name, params } });
    });
  }

  subscribe(listener: (name: unknown, payload: unknown) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private post(message: PageMessage): void {
    this.worker.postMessage(message);
  }

  private receive(frame: ServerFrame): void {
    if (frame.type === 'event') {
      for (const listener of this.listeners) listener(frame.event.name, frame.event.payload);
      return;
    }
    this.pending.get(frame.id)?.(frame.response);
    this.pending.delete(frame.id);
  }
}

const disconnected: HostResponse = { ok: false, error: 'The connection to Tether was lost.' };
