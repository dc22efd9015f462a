import { WebSocket as NodeWebSocket } from 'ws';
import { createHostApi } from '../../src/shared/host-api';
import { WebSocketTransport } from '../../src/renderer/src/host/websocket-transport';

// host-cpu.ts's viewer: the page's own transport and api over a WebSocket, acknowledging each
// frame when a viewer parsing at RATE MB/s would have parsed it.

const page = new URL(process.env['URL']!);
const origin = page.origin;
globalThis.WebSocket = class extends NodeWebSocket {
  constructor(url: string) {
    super(url, { origin });
  }
} as never;
const url = `ws://${page.host}/ws?token=${page.searchParams.get('token')}`;
const api = createHostApi(new WebSocketTransport(url, () => process.exit(1)));
const bytesPerMs = Number(process.env['RATE']) * 1000;

let parsedAt = 0;
let frames = 0;
let onExit: (() => void) | undefined;
api.onEvent('terminalData', ({ terminalId, data }) => {
  frames++;
  parsedAt = Math.max(performance.now(), parsedAt) + data.length / bytesPerMs;
  setTimeout(
    () => void api.acknowledgeTerminal({ terminalId, bytes: data.length }),
    parsedAt - performance.now(),
  );
});
api.onEvent('terminalExit', () => onExit?.());

process.on('message', async (round: number) => {
  const terminalId = `cpu.${round}`;
  frames = 0;
  const exited = new Promise<void>((resolve) => (onExit = resolve));
  await api.openTerminal({ terminalId, cols: 200, rows: 50 });
  await api.writeTerminal({ terminalId, data: `exec cat '${process.env['FILE']}'\r` });
  await exited;
  process.send!({ frames });
});
process.send!({ frames: 0 });
