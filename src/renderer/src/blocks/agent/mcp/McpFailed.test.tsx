// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { HostRequestError } from '../../../../../shared/host-api';
import { FakeHost } from '../testing/fake-host';
import { McpFailed } from './McpFailed';

afterEach(cleanup);

it('offers "Reconnect" per failed server: one that connects goes, one that fails again says why', async () => {
  const host = new FakeHost();
  host.replies.reconnectMcpServer = ({ name }: { name: string }) =>
    name === 'broken'
      ? Promise.reject(new HostRequestError('reconnectMcpServer: Connection closed'))
      : null;
  render(<McpFailed api={host.api} agentId="a1" servers={['broken', 'flaky']} />);
  const user = userEvent.setup();
  const notice = screen.getByRole('list', { name: 'MCP servers that failed' });
  const row = (name: string) => within(notice).getByRole('listitem', { name });
  expect(row('flaky').textContent).toBe('MCP server flaky failed to connect. Reconnect');

  await user.click(within(row('flaky')).getByRole('button', { name: 'Reconnect' }));
  await waitFor(() => expect(within(notice).queryByRole('listitem', { name: 'flaky' })).toBeNull());
  await user.click(within(row('broken')).getByRole('button', { name: 'Reconnect' }));
  await waitFor(() =>
    expect(row('broken').textContent).toBe(
      'MCP server broken failed to connect: Connection closed Reconnect',
    ),
  );
  expect(host.paramsOf('reconnectMcpServer')).toEqual([
    { agentId: 'a1', name: 'flaky' },
    { agentId: 'a1', name: 'broken' },
  ]);
});

it('shows nothing when no server failed', () => {
  const { container } = render(<McpFailed api={new FakeHost().api} agentId="a1" servers={[]} />);
  expect(container.textContent).toBe('');
});
