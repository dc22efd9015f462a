/**
 * "Claude settings" → "MCP servers" through the host, with the real CLI: what a block's session
 * runs and what Claude Code's files hold, and every change written to the file and applied to the
 * running session (its `mcp_status` shows it).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/shared/agent-event';
import type { McpServerView } from '../../src/shared/contract/claude-mcp';
import type { HostResponse } from '../../src/shared/contract/host';
import type { Host } from '../../src/main/host/host';
import { claudeHost } from '../support/claude-host';
import { startFakeAnthropic, textReply, type FakeAnthropic } from '../support/fake-anthropic';
import { startOAuthMcpServer } from '../support/oauth-mcp-server';
import { exitingMcpServer, PLAIN_MCP_SERVER, plainMcpServer } from '../support/plain-mcp';
import { until, untilRead } from '../support/until';
import { openSession } from '../session/harness';
import { addServer, listServers } from '../../src/main/host/claude/mcp-servers';

let dir: string;
let project: string;
let claudeJson: string;
let fake: FakeAnthropic;
let host: Host;

/** Servers laid out as JSON.stringify(…, null, 2) does, which the editor's formatting keeps. */
const serversJson = (servers: object) => JSON.stringify(servers, null, 2).replace(/\n/g, '\n  ');

// The CLI reads .mcp.json as strict JSON (a comment makes it skip the file), so this one has
// unknown keys only; the user's file below has comments too.
const PROJECT_MCP = `{
  "mcpServers": ${serversJson({ proj: plainMcpServer('p_tool') })},
  "unknownKey": [1, 2, 3],
  "note":   "kept as typed"
}
`;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'claude-mcp-'));
  project = join(dir, 'project');
  mkdirSync(join(dir, 'home'), { recursive: true });
  mkdirSync(project);
  claudeJson = join(dir, 'home', '.claude.json');
  writeFileSync(
    claudeJson,
    JSON.stringify({
      mcpServers: { mine: plainMcpServer('u_one', 'u_two') },
      projects: { [project]: { mcpServers: { broken: exitingMcpServer() } } },
    }),
  );
  writeFileSync(join(project, '.mcp.json'), PROJECT_MCP);
  fake = await startFakeAnthropic(() => textReply('ok'));
  host = claudeHost(dir, fake.url, { workspaceDir: project });
});
afterEach(async () => {
  await host?.dispose();
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

type Listing = { servers: McpServerView[]; live: boolean; problems: string[] };
const noPending = (listing: Listing) => !listing.servers.some((s) => s.status === 'pending');

async function connect(agent: boolean) {
  let state = '';
  const events: AgentEvent[] = [];
  const connection = host.connect((message) => {
    if (message.name === 'agentState') state = message.payload.state.state;
    if (message.name === 'agentEvents') events.push(...message.payload.events);
  });
  const request = async <T = unknown>(name: string, params: unknown): Promise<T> => {
    const response: HostResponse = await connection.request(name, params);
    if (!response.ok) throw new Error(response.error);
    return response.result as T;
  };
  const agentId = agent ? 'a1' : null;
  if (agent) {
    await request('openAgent', { agentId: 'a1', cwd: project });
    await until(() => state === 'ready', 'the session is ready');
  }
  const list = () => request<Listing>('listMcpServers', { agentId });
  /** The listing once no server is still connecting. */
  const settled = () => untilRead(list, noPending, 'every server connected or failed');
  const server = async (name: string) => (await list()).servers.find((s) => s.name === name);
  return { request, agentId, list, settled, server, events };
}

describe('MCP servers, with the real CLI', () => {
  it('lists every server with its scope, status (the reason of a failure) and its tools', async () => {
    const { settled } = await connect(true);
    const { servers, live, problems } = await settled();
    expect(live).toBe(true);
    expect(problems).toEqual([]);
    expect(servers.map((s) => [s.name, s.scope, s.status, s.tools])).toEqual([
      ['mine', 'user', 'connected', ['u_one', 'u_two']],
      ['proj', 'project', 'connected', ['p_tool']],
      ['broken', 'local', 'failed', []],
    ]);
    expect(servers[2]).toMatchObject({ error: 'Connection closed', removable: 'local' });
    expect(servers[0]!.target).toBe(`${process.execPath} ${PLAIN_MCP_SERVER} u_one u_two`);
  }, 60_000);

  it('disables a server and enables it again in the running session', async () => {
    const { request, agentId, settled, server } = await connect(true);
    await settled();
    await request('toggleMcpServer', { agentId, name: 'mine', enabled: false });
    expect(await server('mine')).toMatchObject({ status: 'disabled', tools: [] });
    await request('toggleMcpServer', { agentId, name: 'mine', enabled: true });
    expect(await server('mine')).toMatchObject({ status: 'connected', tools: ['u_one', 'u_two'] });
  }, 60_000);

  it('a failed server is told to the block at the turn\'s start; "Reconnect" of it says why it fails again', async () => {
    const { request, agentId, settled, events } = await connect(true);
    await settled();
    await request('sendAgentMessage', { agentId, text: 'hello' });
    await until(() => events.some((e) => e.type === 'done'), 'the turn ends');
    expect(events.filter((e) => e.type === 'mcp_failed')).toEqual([
      { type: 'mcp_failed', servers: ['broken'] },
    ]);
    await expect(request('reconnectMcpServer', { agentId, name: 'broken' })).rejects.toThrow(
      'reconnectMcpServer: Connection closed',
    );
    await expect(request('reconnectMcpServer', { agentId, name: 'mine' })).resolves.toBeNull();
  }, 60_000);

  it('adds a server to .mcp.json and the session, then removes it: its tools come and go, the rest of the file is kept', async () => {
    const { request, agentId, settled, server } = await connect(true);
    await settled();
    const before = readFileSync(join(project, '.mcp.json'), 'utf8');
    const added = await request('addMcpServer', {
      agentId,
      name: 'extra',
      scope: 'project',
      config: { ...plainMcpServer('x_one', 'x_two'), env: { MODE: 'test' } },
    });
    expect(added).toEqual({ error: null });
    expect(await server('extra')).toMatchObject({
      scope: 'project',
      status: 'connected',
      tools: ['x_one', 'x_two'],
      removable: 'project',
    });
    const written = readFileSync(join(project, '.mcp.json'), 'utf8');
    expect(written).toContain('"note":   "kept as typed"');
    expect(JSON.parse(written).mcpServers.extra).toEqual({
      ...plainMcpServer('x_one', 'x_two'),
      env: { MODE: 'test' },
    });

    await expect(
      request('addMcpServer', { agentId, name: 'extra', scope: 'user', config: plainMcpServer() }),
    ).rejects.toThrow('a server named extra is already configured (project)');

    await request('removeMcpServer', { agentId, name: 'extra', scope: 'project' });
    expect(await server('extra')).toBeUndefined();
    expect(readFileSync(join(project, '.mcp.json'), 'utf8')).toBe(before);
  }, 60_000);

  it('a server added that cannot start is kept in the file, with the reason', async () => {
    const { request, agentId, settled, server } = await connect(true);
    await settled();
    const added = await request('addMcpServer', {
      agentId,
      name: 'dead',
      scope: 'local',
      config: exitingMcpServer(),
    });
    expect(added).toEqual({ error: 'Connection closed' });
    expect(await server('dead')).toMatchObject({ scope: 'local', status: 'failed' });
    const config = JSON.parse(readFileSync(claudeJson, 'utf8'));
    expect(config.projects[project].mcpServers.dead).toEqual(exitingMcpServer());
  }, 60_000);

  it('removing a server the session read at start stops it now and leaves no disabled note', async () => {
    const { request, agentId, settled, server } = await connect(true);
    await settled();
    await request('removeMcpServer', { agentId, name: 'mine', scope: 'user' });
    expect(await server('mine')).toMatchObject({ status: 'disabled', tools: [], removable: null });
    const config = JSON.parse(readFileSync(claudeJson, 'utf8'));
    expect(config.mcpServers).toEqual({});
    expect(config.projects[project].disabledMcpServers ?? []).toEqual([]);
  }, 60_000);

  it('"Authenticate" gives the sign-in address; once the browser has been there the server connects', async () => {
    const oauth = await startOAuthMcpServer();
    try {
      const { request, agentId, settled, server } = await connect(true);
      await settled();
      await request('addMcpServer', {
        agentId,
        name: 'vault',
        scope: 'user',
        config: { type: 'http', url: oauth.url },
      });
      expect(await server('vault')).toMatchObject({ status: 'needs-auth', transport: 'http' });
      const { authUrl } = await request<{ authUrl: string }>('authenticateMcpServer', {
        agentId,
        name: 'vault',
      });
      expect(authUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/authorize\?/);
      await fetch(authUrl);
      const vault = await untilRead(
        () => server('vault'),
        (view) => view?.status === 'connected',
        'vault connected',
      );
      expect(vault).toMatchObject({ tools: ['secret_tool'] });
      await expect(request('authenticateMcpServer', { agentId, name: 'mine' })).rejects.toThrow(
        'Server type "stdio" does not support OAuth authentication',
      );
    } finally {
      await oauth.close();
    }
  }, 60_000);

  it('without an agent block: the user scope of ~/.claude.json, edited without touching the rest', async () => {
    const original = `{
  // my settings
  "theme": "dark",
  "mcpServers": ${serversJson({ mine: plainMcpServer('u_one') })} /* the team's */
}
`;
    writeFileSync(claudeJson, original);
    const { request, list } = await connect(false);
    expect((await list()).servers).toEqual([
      expect.objectContaining({
        name: 'mine',
        scope: 'user',
        status: 'not-running',
        removable: 'user',
      }),
    ]);
    await request('addMcpServer', {
      agentId: null,
      name: 'web',
      scope: 'user',
      config: { type: 'http', url: 'https://mcp.example.com/mcp', headers: { 'X-Team': 'a' } },
    });
    expect((await list()).servers.map((s) => [s.name, s.transport, s.target])).toEqual([
      ['mine', 'stdio', `${process.execPath} ${PLAIN_MCP_SERVER} u_one`],
      ['web', 'http', 'https://mcp.example.com/mcp'],
    ]);
    expect(readFileSync(claudeJson, 'utf8')).toContain('// my settings');
    await expect(
      request('addMcpServer', {
        agentId: null,
        name: 'p',
        scope: 'project',
        config: plainMcpServer(),
      }),
    ).rejects.toThrow('open an agent block');
    await request('removeMcpServer', { agentId: null, name: 'web', scope: 'user' });
    expect(readFileSync(claudeJson, 'utf8')).toBe(original);
  });

  it('refuses a server the contract does not allow, and a file it cannot parse, touching nothing', async () => {
    const { request } = await connect(false);
    await expect(
      request('addMcpServer', {
        agentId: null,
        name: 'bad name',
        scope: 'user',
        config: { type: 'http', url: 'file:///etc/passwd' },
      }),
    ).rejects.toThrow(/a server name is 1-64 letters/);
    writeFileSync(claudeJson, '{ "mcpServers": { ');
    await expect(
      request('addMcpServer', {
        agentId: null,
        name: 'x',
        scope: 'user',
        config: plainMcpServer(),
      }),
    ).rejects.toThrow(/is not valid JSON/);
    expect(readFileSync(claudeJson, 'utf8')).toBe('{ "mcpServers": { ');
    expect((await request<Listing>('listMcpServers', { agentId: null })).problems).toEqual([
      expect.stringMatching(/\.claude\.json is not valid JSON/),
    ]);
  });

  it("a session that no longer answers: the files' servers are shown, one added is written", async () => {
    const h = await openSession('pipe', () => textReply('ok'), { cwd: project });
    await h.session.dispose();
    const files = { claudeJson, cwd: project };
    const listing = await listServers(h.session, files);
    // Added all the same: the file has it for the session's next start.
    const refused = await addServer(h.session, files, 'user', 'later', plainMcpServer());
    await h.close();
    expect(refused).toEqual(expect.any(String));
    expect(JSON.parse(readFileSync(claudeJson, 'utf8')).mcpServers.later).toEqual(plainMcpServer());
    expect(listing.live).toBe(false);
    expect(listing.servers.map((s) => [s.name, s.scope, s.status])).toEqual([
      ['broken', 'local', 'not-running'],
      ['proj', 'project', 'not-running'],
      ['mine', 'user', 'not-running'],
    ]);
    expect(listing.problems).toEqual([
      expect.stringMatching(/^The session did not list its servers: /),
    ]);
  });

  it("a plugin's server shows as scope plugin, in no file Tether removes it from", async () => {
    const plugin = join(dir, 'plugin');
    mkdirSync(join(plugin, '.claude-plugin'), { recursive: true });
    writeFileSync(
      join(plugin, '.claude-plugin', 'plugin.json'),
      JSON.stringify({ name: 'demo', version: '1.0.0', description: 'A test plugin.' }),
    );
    writeFileSync(
      join(plugin, '.mcp.json'),
      JSON.stringify({ mcpServers: { pl: plainMcpServer('pl_tool') } }),
    );
    const h = await openSession('pipe', () => textReply('ok'), {
      cwd: project,
      extraArgs: ['--plugin-dir', plugin],
    });
    try {
      const listing = await untilRead(
        () => listServers(h.session, null),
        noPending,
        'the plugin server connected',
      );
      expect(listing.servers.find((s) => s.name === 'plugin:demo:pl')).toMatchObject({
        scope: 'plugin',
        status: 'connected',
        tools: ['pl_tool'],
        removable: null,
      });
    } finally {
      await h.close();
    }
  }, 60_000);
});
