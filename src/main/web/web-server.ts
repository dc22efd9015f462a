import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { errorMessage } from '../../shared/error-message';
import { clientFrameSchema, type ServerFrame } from '../../shared/contract/host';
import { MAX_MESSAGE_BYTES } from '../../shared/request-pieces';
import { eventMessageFrame } from './event-message-frame';
import type { Host } from '../host/host';
import { RequestAssembler } from './request-assembler';
import { requestTarget } from './request-target';
import { readStaticFile } from './static-files';
import { WebAccess } from './web-access';

export interface WebServerOptions {
  host: Host;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  /** 0 picks a free port. */
  port?: number;
  /** Replies a client has not read yet, in bytes, past which it is dropped. */
  maxUnreadBytes?: number;
  log?: (message: string) => void;
}

// A page that reads nothing while it keeps asking would otherwise grow this process without
// bound; a live page reads far faster (agent events are coalesced, terminal output is
// flow-controlled), so this is only reached by a stuck or hostile client.
const defaultMaxUnreadBytes = 64 * 1024 * 1024;

export interface WebServer {
  /** The address to open, token included. */
  url: string;
  /** The address the socket is bound to, as the OS reports it. */
  address: AddressInfo;
  port: number;
  dispose(): Promise<void>;
}

const securityHeaders = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'",
  // The token is in the page's URL: never hand it to another site.
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
};

/** Browser mode: the built renderer and the host over a WebSocket, on 127.0.0.1 only. */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const log = options.log ?? console.warn;
  const token = randomBytes(24).toString('base64url');
  const server = createServer();
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const address = server.address() as AddressInfo;
  const port = address.port;
  const access = new WebAccess(token, port);

  // Any page the user visits can send this server requests of any shape: none may end the
  // process (and with it every shell), whatever throws while answering it.
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    serveRequest(options.rendererDir, access, request, response).catch((error: unknown) => {
      log(`tether web: failed to answer ${describeRequest(request)} (${errorMessage(error)})`);
      if (!response.headersSent) reply(response, 500, 'Internal error\n');
      else response.destroy();
    });
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    try {
      const url = requestTarget(request.url);
      // A target no browser sends to its own server is malformed, as on the plain path: 400.
      if (!url) {
        socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
        return;
      }
      const decision =
        url.pathname === '/ws'
          ? access.checkToken(url.searchParams.get('token'), request.headers)
          : undefined;
      if (!decision?.ok) {
        log(`tether web: refused a WebSocket (${decision ? decision.reason : 'wrong path'})`);
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
        return;
      }
      const clientId = validClientId(url.searchParams.get('client'));
      sockets.handleUpgrade(request, socket, head, (ws) =>
        bindSocket(
          options.host,
          { ws, clientId, maxUnreadBytes: options.maxUnreadBytes ?? defaultMaxUnreadBytes },
          log,
        ),
      );
    } catch (error) {
      log(`tether web: dropped a WebSocket upgrade (${errorMessage(error)})`);
      socket.destroy();
    }
  });
  // Not a proxy: without this listener Node would drop CONNECT requests without an answer.
  server.on('connect', (_request: IncomingMessage, socket: Duplex) => {
    socket.end('HTTP/1.1 405 Method Not Allowed\r\nConnection: close\r\n\r\n');
  });
  // Requests Node cannot even parse: answer 400 ourselves, quietly (Node's default does the same
  // but a listener keeps it from ever being an unhandled error).
  server.on('clientError', (_error: Error, socket: Duplex) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    address,
    port,
    dispose: async () => {
      for (const client of sockets.clients) client.terminate();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Where the page checks, without opening a socket, that the token it holds is this run's. */
const tokenCheckPath = '/token-check';

async function serveRequest(
  root: string,
  access: WebAccess,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const url = requestTarget(request.url);
  if (!url) return void reply(response, 400, 'Bad request\n');
  if (url.pathname === tokenCheckPath) {
    const token = request.headers['x-tether-token'];
    const decision = access.checkToken(typeof token === 'string' ? token : null, request.headers);
    return void reply(response, decision.ok ? 200 : 403, decision.ok ? 'ok\n' : 'Forbidden\n');
  }
  // The page and its assets hold no secret; what they talk to, the WebSocket, needs the token.
  const decision = access.checkOrigin(request.headers);
  if (!decision.ok) return void reply(response, 403, `Forbidden: ${decision.reason}\n`);
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return void reply(response, 405, 'Method not allowed\n');
  }
  const file = await readStaticFile(root, url.pathname);
  if (!file) return void reply(response, 404, 'Not found\n');
  response.writeHead(200, { ...securityHeaders, 'Content-Type': file.contentType });
  response.end(request.method === 'HEAD' ? undefined : file.body);
}

function describeRequest(request: IncomingMessage): string {
  return `${request.method ?? '?'} ${(request.url ?? '').slice(0, 200)}`;
}

function reply(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { ...securityHeaders, 'Content-Type': 'text/plain; charset=utf-8' });
  response.end(text);
}

/** The tab's own id (see connect-host.ts), which lets its next page take over its shells. */
function validClientId(value: string | null): string | undefined {
  return value !== null && /^[A-Za-z0-9_-]{8,64}$/.test(value) ? value : undefined;
}

/**
 * The WebSocket adapter: frames in, host requests and notifications; host replies and events,
 * frames out. A socket that closes detaches its client rather than ending it: the tab may be
 * reloading.
 */
function bindSocket(
  host: Host,
  { ws, clientId, maxUnreadBytes }: { ws: WebSocket; clientId?: string; maxUnreadBytes: number },
  log: (message: string) => void,
): void {
  // ws sends bytes as a binary message and text as a text one.
  const sendRaw = (data: string | Uint8Array) => {
    if (ws.readyState !== ws.OPEN) return;
    // What is still unread from before this message: one large reply (a long transcript) is
    // fine, a client that stopped reading long ago is not.
    if (ws.bufferedAmount > maxUnreadBytes) {
      log(`tether web: dropped a client that left ${ws.bufferedAmount} bytes unread`);
      ws.terminate();
      return;
    }
    ws.send(data);
  };
  const send = (frame: ServerFrame) => sendRaw(JSON.stringify(frame));
  const connection = host.connect((event) => sendRaw(eventMessageFrame(event)), clientId);
  const assembler = new RequestAssembler();
  ws.on('message', (data, isBinary) => {
    let json: string | null;
    try {
      json = isBinary ? assembler.push(data as Buffer) : data.toString();
    } catch (error) {
      // The page never sends more than the contract allows: this is no page of ours.
      log(`tether web: closed a WebSocket that sent ${errorMessage(error)}`);
      ws.close(1009, 'request too large');
      return;
    }
    if (json === null) return;
    let frame;
    try {
      frame = clientFrameSchema.safeParse(JSON.parse(json));
    } catch {
      frame = undefined;
    }
    if (!frame?.success) {
      log('tether web: ignored a malformed WebSocket frame');
      return;
    }
    if (frame.data.type === 'notify') {
      connection.notify(frame.data.name, frame.data.params);
      return;
    }
    const { id, name, params } = frame.data;
    void connection.request(name, params).then((response) => {
      try {
        send({ type: 'response', id, response });
      } catch (error) {
        // Never leave a request unanswered: the page would wait for it forever.
        const failed = `${name}: the answer could not be sent (${errorMessage(error)})`;
        send({ type: 'response', id, response: { ok: false, error: failed } });
      }
    });
  });
  ws.on('error', (error) => log(`tether web: WebSocket error (${error.message})`));
  ws.on('close', () => void connection.detach());
}
