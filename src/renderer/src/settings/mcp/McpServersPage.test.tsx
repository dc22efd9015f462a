// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { McpServerView } from '../../../../shared/contract/claude-mcp';
import { HostRequestError } from '../../../../shared/host-api';
import { FakeHost } from '../../blocks/agent/testing/fake-host';
import { ClaudeSettings } from '../ClaudeSettings';

afterEach(cleanup);

const server = (view: Partial<McpServerView> & { name: string }): McpServerView => ({
  scope: 'user',
  status: 'connected',
  transport: 'stdio',
  target: 'node server.mjs',
  tools: [],
  removable: 'user',
  ...view,
});

function open(servers: McpServerView[], agentId: string | null = 'a1') {
  const host = new FakeHost();
  host.replies.listMcpServers = () => ({
    servers,
    live: agentId !== null,
    problems: [],
    refusal: null,
  });
  host.replies.addMcpServer = { error: null };
  host.replies.authenticateMcpServer = { authUrl: 'https://auth.example.com/authorize?x=1' };
  render(<ClaudeSettings api={host.api} agentId={agentId} onClose={() => undefined} />);
  return { host, user: userEvent.setup() };
}

const row = (name: string) => screen.getByRole('listitem', { name });

describe('"MCP servers"', () => {
  it('is the first tab and shows each server’s scope, status with its reason, and tools', async () => {
    open([
      server({ name: 'mine', tools: ['u_one', 'u_two'] }),
      server({
        name: 'broken',
        scope: 'local',
        status: 'failed',
        error: 'Connection closed',
        removable: 'local',
      }),
      server({
        name: 'web',
        scope: 'managed',
        status: 'needs-auth',
        transport: 'http',
        removable: null,
      }),
    ]);
    expect(screen.getAllByRole('tab')[0]).toHaveProperty('textContent', 'MCP servers');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3));
    const mine = within(row('mine'));
    expect(mine.getByLabelText('Scope').textContent).toBe('user');
    expect(mine.getByLabelText('Status').textContent).toBe('connected');
    expect(mine.getByLabelText('Tools').textContent).toBe('2 tools: u_one, u_two');
    expect(within(row('broken')).getByLabelText('Status').textContent).toBe(
      'failed: Connection closed',
    );
    const web = within(row('web'));
    expect(web.getByLabelText('Status').textContent).toBe('needs authentication');
    expect(web.getByRole('button', { name: 'Authenticate' })).toBeTruthy();
    // Managed and plugin servers are in no file Tether writes: nothing to remove.
    expect(web.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(mine.queryByRole('button', { name: 'Authenticate' })).toBeNull();
  });

  it('"Disable", "Reconnect" and "Remove" ask the host for that server, then list again', async () => {
    const { host, user } = open([server({ name: 'mine', tools: ['u_one'] })]);
    await user.click(
      await within(await screen.findByRole('listitem', { name: 'mine' })).findByRole('button', {
        name: 'Disable',
      }),
    );
    expect(host.paramsOf('toggleMcpServer')).toEqual([
      { agentId: 'a1', name: 'mine', enabled: false },
    ]);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('mine disabled.'));
    await user.click(within(row('mine')).getByRole('button', { name: 'Reconnect' }));
    expect(host.paramsOf('reconnectMcpServer')).toEqual([{ agentId: 'a1', name: 'mine' }]);
    await user.click(within(row('mine')).getByRole('button', { name: 'Remove' }));
    expect(host.paramsOf('removeMcpServer')).toEqual([
      { agentId: 'a1', name: 'mine', scope: 'user' },
    ]);
    await waitFor(() => expect(host.paramsOf('listMcpServers').length).toBeGreaterThanOrEqual(4));
  });

  it('"Reconnect" that fails says why', async () => {
    const { host, user } = open([
      server({ name: 'broken', status: 'failed', error: 'Connection closed' }),
    ]);
    host.replies.reconnectMcpServer = () =>
      Promise.reject(new HostRequestError('reconnectMcpServer: Connection closed'));
    await user.click(
      await within(await screen.findByRole('listitem', { name: 'broken' })).findByRole('button', {
        name: 'Reconnect',
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('broken: Connection closed'),
    );
  });

  it('"Enable" shows for a disabled server; "Authenticate" opens the sign-in page through the checked opener and lists again until signed in', async () => {
    const servers = [
      server({ name: 'off', status: 'disabled' }),
      server({ name: 'web', transport: 'http', status: 'needs-auth' }),
    ];
    const { host, user } = open(servers);
    await user.click(
      await within(await screen.findByRole('listitem', { name: 'off' })).findByRole('button', {
        name: 'Enable',
      }),
    );
    expect(host.paramsOf('toggleMcpServer')).toEqual([
      { agentId: 'a1', name: 'off', enabled: true },
    ]);
    await user.click(within(row('web')).getByRole('button', { name: 'Authenticate' }));
    await waitFor(() =>
      expect(host.paramsOf('openExternal')).toEqual([
        { url: 'https://auth.example.com/authorize?x=1' },
      ]),
    );
    // The sign-in finishes in the browser, which tells the page nothing: it asks again.
    servers[1] = server({ name: 'web', transport: 'http', tools: ['secret_tool'] });
    await waitFor(
      () => expect(within(row('web')).getByLabelText('Status').textContent).toBe('connected'),
      { timeout: 3_000 },
    );
  });

  it('"Add server" checks the form, then sends a stdio server with its arguments and environment', async () => {
    const { host, user } = open([]);
    await user.click(await screen.findByRole('button', { name: 'Add server' }));
    const form = within(screen.getByRole('form', { name: 'Add server' }));
    await user.type(form.getByLabelText('Name'), 'my tools');
    await user.click(form.getByRole('button', { name: 'Add' }));
    expect(form.getByRole('alert').textContent).toBe(
      'Name: a server name is 1-64 letters, digits, _ or -.',
    );
    await user.clear(form.getByLabelText('Name'));
    await user.type(form.getByLabelText('Name'), 'tools');
    await user.click(form.getByRole('button', { name: 'Add' }));
    expect(form.getByRole('alert').textContent).toBe('Command: a command is required.');
    await user.type(form.getByLabelText('Command'), 'npx');
    await user.type(form.getByLabelText('Arguments'), '-y{Enter}@acme/mcp server{Enter}');
    await user.type(form.getByLabelText('Environment'), 'TOKEN');
    await user.click(form.getByRole('button', { name: 'Add' }));
    expect(form.getByRole('alert').textContent).toBe(
      'Each environment line is NAME=value: “TOKEN” is not.',
    );
    await user.type(form.getByLabelText('Environment'), '=abc');
    await user.selectOptions(form.getByLabelText('Scope'), 'project');
    await user.click(form.getByRole('button', { name: 'Add' }));
    expect(host.paramsOf('addMcpServer')).toEqual([
      {
        agentId: 'a1',
        name: 'tools',
        scope: 'project',
        config: { command: 'npx', args: ['-y', '@acme/mcp server'], env: { TOKEN: 'abc' } },
      },
    ]);
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('tools added to the project scope.'),
    );
    expect(screen.queryByRole('form', { name: 'Add server' })).toBeNull();
  });

  it('"Add server" sends an HTTP server with headers; without a block only the user scope is offered', async () => {
    const { host, user } = open([], null);
    expect(await screen.findByText(/No agent block is open/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add server' }));
    const form = within(screen.getByRole('form', { name: 'Add server' }));
    expect(
      within(form.getByLabelText('Scope'))
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['user']);
    await user.type(form.getByLabelText('Name'), 'web');
    await user.selectOptions(form.getByLabelText('Type'), 'http');
    await user.type(form.getByLabelText('URL'), 'ftp://x');
    await user.click(form.getByRole('button', { name: 'Add' }));
    expect(form.getByRole('alert').textContent).toBe(
      'URL: the URL starts with http:// or https://.',
    );
    await user.clear(form.getByLabelText('URL'));
    await user.type(form.getByLabelText('URL'), 'https://mcp.example.com/mcp');
    await user.type(form.getByLabelText('Headers'), 'Authorization: Bearer t');
    await user.click(form.getByRole('button', { name: 'Add' }));
    expect(host.paramsOf('addMcpServer')).toEqual([
      {
        agentId: null,
        name: 'web',
        scope: 'user',
        config: {
          type: 'http',
          url: 'https://mcp.example.com/mcp',
          headers: { Authorization: 'Bearer t' },
        },
      },
    ]);
  });
});
