/**
 * What the pinned CLI answers to the MCP control requests the "MCP servers" settings use
 * (docs/protocol.md, "Claude settings: MCP servers"): the shapes of success and refusal asserted
 * here are the ones `src/main/host/claude/mcp-servers.ts` reads.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';

type ClaudeJson = { projects: Record<string, { disabledMcpServers?: string[] } | undefined> };
import { textReply } from '../support/fake-anthropic';
import { exitingMcpServer, plainMcpServer } from '../support/plain-mcp';
import { untilRead } from '../support/until';
import { openSession, type Harness } from './harness';

let h: Harness | undefined;
const cwd = mkdtempSync(join(tmpdir(), 'tether-mcp-cwd-'));
afterEach(async () => {
  await h?.close();
  h = undefined;
  rmSync(cwd, { recursive: true, force: true });
});

type Status = { mcpServers: Record<string, unknown>[] };

it('answers mcp_status, mcp_toggle, mcp_reconnect, mcp_authenticate, mcp_clear_auth and mcp_set_servers', async () => {
  writeFileSync(
    join(cwd, '.mcp.json'),
    JSON.stringify({ mcpServers: { proj: plainMcpServer('p_tool') } }),
  );
  let home = '';
  h = await openSession('pipe', () => textReply('ok'), {
    cwd,
    prepareHome: (dir) => {
      home = dir;
      writeFileSync(
        join(dir, '.claude.json'),
        JSON.stringify({
          mcpServers: { mine: plainMcpServer('u_one', 'u_two') },
          projects: { [cwd]: { mcpServers: { here: plainMcpServer('l_tool') } } },
        }),
      );
    },
    extraArgs: [
      '--mcp-config',
      JSON.stringify({
        mcpServers: {
          broken: exitingMcpServer(),
          web: { type: 'http', url: 'http://127.0.0.1:9/mcp' },
        },
      }),
    ],
  });
  const ask = (request: { subtype: string } & Record<string, unknown>) =>
    h!.session.controlRequest(request, 30_000);
  const status = async () => ((await ask({ subtype: 'mcp_status' })) as Status).mcpServers;
  const byName = async (name: string) => (await status()).find((s) => s['name'] === name);

  // Right after the start every server is `pending` (without `tools`) until its connection settles.
  const first = await status();
  expect(first.map((s) => s['status'])).toContain('pending');
  const servers = await untilRead(
    status,
    (all) => !all.some((s) => s['status'] === 'pending'),
    'every server connected or failed',
  );
  // Every configured server, with where it came from (`scope`), its state, and its tools.
  expect(servers.map((s) => [s['name'], s['scope'], s['status']])).toEqual([
    ['mine', 'user', 'connected'],
    ['proj', 'project', 'connected'],
    ['here', 'local', 'connected'],
    ['broken', 'dynamic', 'failed'],
    ['web', 'dynamic', 'failed'],
  ]);
  expect(servers[0]).toMatchObject({
    transport: 'stdio',
    config: { type: 'stdio', ...plainMcpServer('u_one', 'u_two') },
    tools: [{ name: 'u_one' }, { name: 'u_two' }],
  });
  expect(servers[3]).toMatchObject({ error: 'Connection closed' });
  expect(servers[3]).not.toHaveProperty('tools');
  expect(servers[4]).toMatchObject({
    transport: 'http',
    error: expect.stringMatching(/ECONNREFUSED/),
  });

  // Toggling answers {} and persists: the CLI itself writes the name into the folder's
  // `disabledMcpServers` in ~/.claude.json, and takes it out again on enabling.
  await expect(ask({ subtype: 'mcp_toggle', serverName: 'mine', enabled: false })).resolves.toEqual(
    {},
  );
  expect(await byName('mine')).toMatchObject({ status: 'disabled' });
  expect(await byName('mine')).not.toHaveProperty('tools');
  // The file is written after the answer, later still on a loaded machine.
  const disabled = () =>
    expect.poll(
      () =>
        (JSON.parse(readFileSync(join(home, '.claude.json'), 'utf8')) as ClaudeJson).projects[cwd]
          ?.disabledMcpServers,
      { timeout: 15_000 },
    );
  await disabled().toEqual(['mine']);
  await expect(ask({ subtype: 'mcp_toggle', serverName: 'mine', enabled: true })).resolves.toEqual(
    {},
  );
  expect(await byName('mine')).toMatchObject({
    status: 'connected',
    tools: [{ name: 'u_one' }, { name: 'u_two' }],
  });
  await disabled().toEqual([]);

  // Refusals are error responses with one message.
  await expect(ask({ subtype: 'mcp_toggle', serverName: 'nope', enabled: true })).rejects.toThrow(
    'Server not found: nope',
  );
  await expect(ask({ subtype: 'mcp_reconnect', serverName: 'mine' })).resolves.toEqual({});
  await expect(ask({ subtype: 'mcp_reconnect', serverName: 'broken' })).rejects.toThrow(
    'Connection closed',
  );
  await expect(ask({ subtype: 'mcp_reconnect', serverName: 'nope' })).rejects.toThrow(
    'Server not found: nope',
  );
  await expect(ask({ subtype: 'mcp_authenticate', serverName: 'mine' })).rejects.toThrow(
    'Server type "stdio" does not support OAuth authentication',
  );
  await expect(ask({ subtype: 'mcp_authenticate', serverName: 'web' })).rejects.toThrow(
    /^SDK auth failed: ECONNREFUSED/,
  );
  await expect(ask({ subtype: 'mcp_authenticate', serverName: 'nope' })).rejects.toThrow(
    'Server not found: nope',
  );
  await expect(ask({ subtype: 'mcp_clear_auth', serverName: 'web' })).resolves.toEqual({});
  await expect(ask({ subtype: 'mcp_clear_auth', serverName: 'nope' })).rejects.toThrow(
    'Server not found: nope',
  );

  // mcp_set_servers replaces the set of servers the client gave it (scope `dynamic`), no others:
  // `{}` takes back only what an earlier call added, not the files' nor the --mcp-config ones.
  await expect(
    ask({ subtype: 'mcp_set_servers', servers: { added: plainMcpServer('a_tool') } }),
  ).resolves.toEqual({
    added: ['added'],
    removed: [],
    errors: {},
  });
  expect(await byName('added')).toMatchObject({
    scope: 'dynamic',
    status: 'connected',
    tools: [{ name: 'a_tool' }],
  });
  await expect(ask({ subtype: 'mcp_set_servers', servers: {} })).resolves.toEqual({
    added: [],
    removed: ['added'],
    errors: {},
  });
  expect((await status()).map((s) => s['name'])).toEqual(['mine', 'proj', 'here', 'broken', 'web']);
  // A server that cannot start is still added, with its error; a malformed set is refused.
  await expect(
    ask({ subtype: 'mcp_set_servers', servers: { dead: exitingMcpServer() } }),
  ).resolves.toEqual({
    added: ['dead'],
    removed: [],
    errors: { dead: 'Connection closed' },
  });
  await expect(ask({ subtype: 'mcp_set_servers', servers: [] })).rejects.toThrow(
    'mcp_set_servers: servers must be an object of config objects',
  );
}, 120_000);
