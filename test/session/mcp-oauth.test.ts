/**
 * "Authenticate" against the real CLI, with an MCP server that wants OAuth and its own
 * authorization server (`oauth-mcp-server.ts`): the CLI's `mcp_authenticate` answer, the
 * browser's trip (fetch following the redirects, as a browser would), and the server connected
 * with its tools after it. docs/protocol.md, "Claude settings: MCP servers".
 */
import { afterEach, expect, it } from 'vitest';
import { textReply } from '../support/fake-anthropic';
import { startOAuthMcpServer, type OAuthMcpServer } from '../support/oauth-mcp-server';
import { untilRead } from '../support/until';
import { openSession, type Harness } from './harness';

let h: Harness | undefined;
let oauth: OAuthMcpServer | undefined;
afterEach(async () => {
  await h?.close();
  await oauth?.close();
  h = undefined;
  oauth = undefined;
});

type Server = Record<string, unknown>;

it('needs-auth, then mcp_authenticate gives the address to open and the CLI takes the browser back', async () => {
  oauth = await startOAuthMcpServer();
  const config = { type: 'http', url: oauth.url };
  h = await openSession('pipe', () => textReply('ok'), {
    extraArgs: ['--mcp-config', JSON.stringify({ mcpServers: { vault: config } })],
  });
  const ask = (request: { subtype: string } & Record<string, unknown>) =>
    h!.session.controlRequest(request, 30_000);
  const vault = async () =>
    ((await ask({ subtype: 'mcp_status' })) as { mcpServers: Server[] }).mcpServers[0]!;
  const until = (status: string) =>
    untilRead(vault, (server) => server['status'] === status, `vault ${status}`);

  expect(await until('needs-auth')).toEqual({
    name: 'vault',
    status: 'needs-auth',
    config,
    transport: 'http',
    scope: 'dynamic',
    source: 'dynamic',
  });

  const answer = await ask({ subtype: 'mcp_authenticate', serverName: 'vault' });
  expect(answer).toMatchObject({
    authUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/authorize\?/),
    requiresUserAction: true,
    callbackExpected: true,
    redirectScheme: 'localhost',
    callbackPort: expect.any(Number),
  });
  const authUrl = new URL(answer['authUrl'] as string);
  expect(authUrl.searchParams.get('redirect_uri')).toBe(
    `http://localhost:${String(answer['callbackPort'])}/callback`,
  );
  expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authUrl.searchParams.get('state')).toBe(answer['state']);

  // The browser: the sign-in page sends it back to the CLI's own listener with the code.
  const page = await fetch(authUrl, { redirect: 'follow' });
  expect(page.status).toBe(200);
  expect(await until('connected')).toMatchObject({ tools: [{ name: 'secret_tool' }] });
  expect(oauth.requests).toContain('POST /token');

  // mcp_clear_auth forgets the token and drops the connection: signed out, it needs auth again.
  await expect(ask({ subtype: 'mcp_clear_auth', serverName: 'vault' })).resolves.toEqual({});
  expect(await vault()).toMatchObject({ status: 'needs-auth' });
  expect(await vault()).not.toHaveProperty('tools');
}, 60_000);
