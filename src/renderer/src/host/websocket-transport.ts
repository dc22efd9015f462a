import { decodeAgentRaw, isAgentRawFrame } from '../../../shared/agent-raw-frame';
import type { HostTransport } from '../../../shared/host-api';
import {
  serverFrameSchema,
  type ClientFrame,
  type HostResponse,
  type ServerFrame,
} from '../../../shared/contract/host';
import { MAX_REQUEST_BYTES } from '../../../shared/request-pieces';
import { decodeTerminalData } from '../../../shared/terminal-data-frame';
import { splitRequest } from './request-pieces';

/**
 * The browser-mode side of the WebSocket adapter: terminal output and agents' raw bytes arrive as
 * binary frames, all else as JSON. Requests made before the socket opens wait for it; when the
 * socket closes, every pending and later request fails with a plain message.
 */
export class WebSocketTransport implements HostTransport {
  private readonly socket: WebSocket;
  /** Settles when the socket is usable or gone, whichever comes first. */
  private readonly settled: Promise<void>;
  private readonly pending = new Map<number, (response: HostResponse) => void>();
  private readonly listeners = new Set<(name: unknown, payload: unknown) => void>();
  private nextId = 1;
  private opened = false;
  private closed = false;

  /** `onClose` learns whether the socket had ever opened: if not, the server refused it or is gone. */
  constructor(url: string, onClose: (how: { opened: boolean }) => void) {
    this.socket = new WebSocket(url);
    this.socket.binaryType = 'arraybuffer';
    this.settled = new Promise((resolve) => {
      this.socket.addEventListener('open', () => {
        this.opened = true;
        resolve();
      });
      this.socket.addEventListener('close', () => resolve());
    });
    this.socket.addEventListener('message', ({ data }) => {
      const frame = data instanceof ArrayBuffer ? outputFrame(data) : jsonFrame(String(data));
      if (frame) this.receive(frame);
      else console.warn('tether: ignored a malformed frame from the host');
    });
    this.socket.addEventListener('close', (event) => {
      console.warn(`tether: the connection to the host closed (${event.code} ${event.reason})`);
      this.closed = true;
      for (const resolve of this.pending.values()) resolve(disconnected);
      this.pending.clear();
      onClose({ opened: this.opened });
    });
  }

  async request(name: string, params: unknown): Promise<HostResponse> {
    await this.settled;
    if (this.closed) return disconnected;
    const id = this.nextId++;
    const frame: ClientFrame = { type: 'request', id, name, params };
    const messages = splitRequest(JSON.stringify(frame));
    // Refused here, in the block that asked: sent, it would close the socket for every block.
    if (!messages) return { ok: false, error: `${name}: ${tooLarge}` };
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      for (const message of messages) this.socket.send(message);
    });
  }

  /**
   * Sent as it is asked for: a notification is small (an acknowledgement) and never waits for an
   * answer. One made before the socket opens goes once it does; after it closes, nowhere (a page
   * that connects again acknowledges nothing it had: the host counts its replay as parsed).
   */
  notify(name: string, params: unknown): void {
    const frame: ClientFrame = { type: 'notify', name, params };
    const message = JSON.stringify(frame);
    const send = () => {
      if (this.opened && !this.closed) this.socket.send(message);
    };
    if (this.opened) send();
    else void this.settled.then(send);
  }

  subscribe(listener: (name: unknown, payload: unknown) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
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

function outputFrame(data: ArrayBuffer): ServerFrame | undefined {
  const bytes = new Uint8Array(data);
  if (isAgentRawFrame(bytes)) {
    const raw = decodeAgentRaw(bytes);
    return raw && { type: 'event', event: { name: 'agentRaw', payload: raw } };
  }
  const output = decodeTerminalData(bytes);
  return output && { type: 'event', event: { name: 'terminalData', payload: output } };
}

function jsonFrame(data: string): ServerFrame | undefined {
  try {
    const parsed = serverFrameSchema.safeParse(JSON.parse(data));
    return parsed.success ? (parsed.data as ServerFrame) : undefined;
  } catch {
    return undefined;
  }
}

const tooLarge = `too large to send: browser mode takes up to ${Math.floor(MAX_REQUEST_BYTES / 1e6)} MB at once.`;

const disconnected: HostResponse = { ok: false, error: 'The connection to Tether was lost.' };
