/**
 * An MCP server over streamable HTTP that wants OAuth, with its own authorization server, on
 * 127.0.0.1, for tests of "Authenticate": without a token it answers 401 and points to its
 * metadata (RFC 9728, RFC 8414); it registers any client (RFC 7591), and `/authorize` sends the
 * browser straight back to the client's redirect URI with a code, as a user who signs in would.
 * With the token, it offers the tool `secret_tool`. No vitest imports: Playwright may load it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OAuthMcpServer {
  /** The MCP endpoint, as a server config's `url`. */
  url: string;
  /** Every path asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

const TOKEN = 'test-access-token';

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text;
}

function mcpAnswer(message: {
  id?: unknown;
  method?: string;
  params?: { protocolVersion?: string };
}) {
  switch (message.method) {
    case 'initialize':
      return {
        protocolVersion: message.params?.protocolVersion ?? '2025-06-18',
        capabilities: { tools: {} },
        serverInfo: { name: 'oauth-test', version: '1.0.0' },
      };
    case 'tools/list':
      return {
        tools: [{ name: 'secret_tool', inputSchema: { type: 'object', properties: {} } }],
      };
    default:
      return {};
  }
}

export async function startOAuthMcpServer(): Promise<OAuthMcpServer> {
  const requests: string[] = [];
  let base = '';
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', base);
      requests.push(`${req.method} ${url.pathname}`);
      const body = await bodyOf(req);
      switch (url.pathname) {
        case '/.well-known/oauth-protected-resource':
        case '/.well-known/oauth-protected-resource/mcp':
          return json(res, 200, { resource: `${base}/mcp`, authorization_servers: [base] });
        case '/.well-known/oauth-authorization-server':
          return json(res, 200, {
            issuer: base,
            authorization_endpoint: `${base}/authorize`,
            token_endpoint: `${base}/token`,
            registration_endpoint: `${base}/register`,
            response_types_supported: ['code'],
            grant_types_supported: ['authorization_code', 'refresh_token'],
            code_challenge_methods_supported: ['S256'],
            token_endpoint_auth_methods_supported: ['none'],
          });
        case '/register':
          return json(res, 201, {
            ...(JSON.parse(body) as object),
            client_id: 'test-client',
            token_endpoint_auth_method: 'none',
          });
        case '/authorize': {
          const back = new URL(url.searchParams.get('redirect_uri') ?? '');
          back.searchParams.set('code', 'test-code');
          back.searchParams.set('state', url.searchParams.get('state') ?? '');
          res.writeHead(302, { location: back.toString() });
          return res.end();
        }
        case '/token':
          return json(res, 200, { access_token: TOKEN, token_type: 'Bearer', expires_in: 3600 });
        case '/mcp': {
          if (req.headers.authorization !== `Bearer ${TOKEN}`) {
            res.writeHead(401, {
              'www-authenticate': `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource"`,
            });
            return res.end();
          }
          if (req.method !== 'POST') {
            res.writeHead(405);
            return res.end();
          }
          const message = JSON.parse(body) as { id?: unknown; method?: string };
          if (message.id === undefined) {
            res.writeHead(202);
            return res.end();
          }
          return json(res, 200, { jsonrpc: '2.0', id: message.id, result: mcpAnswer(message) });
        }
        default:
          res.writeHead(404);
          return res.end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${base}/mcp`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
