import {
  serverFrameSchema,
  type ClientFrame,
  type ServerFrame,
} from '../../../shared/host-contract';
import { decodeTerminalData } from '../../../shared/terminal-data-frame';

/**
 * Browser mode's WebSocket, run in a dedicated worker. On the page's main thread xterm's parser
 * and the renderer hold the thread for many milliseconds at a time, and a socket there is read
 * only between them: the host's output waited in Chromium's buffers while xterm had nothing to
 * parse, and acknowledgements came late enough to keep the host paused (`npm run bench:terminal`).
 * Here the socket is read as soon as data arrives, and each frame is decoded and checked before
 * the page sees it.
 */

/** From the page: the socket's address first, then the frames to send. */
export type PageMessage = { connect: string } | { send: ClientFrame };

/** To the page. */
export type WorkerMessage =
  | { kind: 'open' }
  | { kind: 'frame'; frame: ServerFrame }
  | { kind: 'close'; code: number; reason: string };

let socket: WebSocket | undefined;
const tell = (message: WorkerMessage, transfer: Transferable[] = []) =>
  postMessage(message, { transfer });
const malformed = () => console.warn('tether: ignored a malformed frame from the host');

function connect(url: string): void {
  socket = new WebSocket(url);
  socket.binaryType = 'arraybuffer';
  socket.addEventListener('open', () => tell({ kind: 'open' }));
  socket.addEventListener('close', (event) =>
    tell({ kind: 'close', code: event.code, reason: event.reason }),
  );
  socket.addEventListener('message', ({ data }) => {
    if (data instanceof ArrayBuffer) receiveOutput(data);
    else receiveJson(String(data));
  });
}

/** Terminal output: its memory moves to the page rather than being copied. */
function receiveOutput(data: ArrayBuffer): void {
  const output = decodeTerminalData(new Uint8Array(data));
  if (!output) return malformed();
  const event = { name: 'terminalData', payload: output } as const;
  tell({ kind: 'frame', frame: { type: 'event', event } }, [data]);
}

function receiveJson(data: string): void {
  let parsed;
  try {
    parsed = serverFrameSchema.safeParse(JSON.parse(data));
  } catch {
    parsed = undefined;
  }
  if (parsed?.success) tell({ kind: 'frame', frame: parsed.data as ServerFrame });
  else malformed();
}

addEventListener('message', (event: MessageEvent<PageMessage>) => {
  const message = event.data;
  if ('connect' in message) connect(message.connect);
  else socket?.send(JSON.stringify(message.send));
});
