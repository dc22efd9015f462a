// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HostRequestError } from '../../../../shared/host-api';
import { FakeHost } from '../../blocks/agent/testing/fake-host';
import { ConnectHost } from './ConnectHost';

afterEach(cleanup);

function open(host = new FakeHost()) {
  host.replies.listSshHosts = {
    hosts: [
      { host: 'old-box', recent: true },
      { host: 'devbox', recent: false },
      { host: 'build', recent: false },
    ],
  };
  host.replies.connectSshHost = { home: '/home/ada' };
  host.replies.listRemoteFolders = { folders: [] };
  const onConnected = vi.fn();
  const onCancel = vi.fn();
  render(<ConnectHost api={host.api} onConnected={onConnected} onCancel={onCancel} />);
  const dialog = screen.getByRole('dialog', { name: 'Connect to host' });
  return { host, dialog, onConnected, onCancel, user: userEvent.setup() };
}

const hostField = () => screen.getByRole('combobox', { name: 'Host' });
const folderField = () => screen.getByRole('combobox', { name: 'Folder' });
const optionNames = () => screen.queryAllByRole('option').map((option) => option.textContent);

describe('Connect to host', () => {
  it('offers the ssh config’s hosts first, the recent ones marked, filtered by what is typed', async () => {
    const { user } = open();
    expect(document.activeElement).toBe(hostField());
    await waitFor(() => expect(optionNames()).toEqual(['devbox', 'build', 'old-box (recent)']));
    await user.keyboard('O');
    expect(optionNames()).toEqual(['devbox', 'old-box (recent)']);
    await user.keyboard('l');
    expect(optionNames()).toEqual(['old-box (recent)']);
  });

  it('takes an option with the keyboard and opens the block in the remote home', async () => {
    const { host, user, onConnected } = open();
    await waitFor(() => expect(optionNames()).toHaveLength(3));
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(hostField().getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: 'build' }).id,
    );
    await user.keyboard('{Enter}');
    expect((hostField() as HTMLInputElement).value).toBe('build');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() =>
      expect(onConnected).toHaveBeenCalledWith({ host: 'build', cwd: '/home/ada' }),
    );
    expect(host.paramsOf('connectSshHost')).toEqual([{ host: 'build' }]);
  });

  it('accepts a typed user@host:port and a folder under ~, and says it is connecting', async () => {
    const host = new FakeHost();
    let connected!: (reply: { home: string }) => void;
    const { user, onConnected } = open(host);
    host.replies.connectSshHost = () => new Promise((resolve) => (connected = resolve));
    await user.type(hostField(), 'ada@10.0.0.5:2222');
    await user.type(folderField(), '~/src/app');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status').textContent).toBe('Connecting to ada@10.0.0.5:2222…');
    expect(screen.getByRole('button', { name: 'Connect' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    // One connection when the Folder field was entered (for completion), one for Connect; a
    // second Enter while connecting adds none.
    await user.keyboard('{Enter}');
    expect(host.paramsOf('connectSshHost')).toEqual([
      { host: 'ada@10.0.0.5:2222' },
      { host: 'ada@10.0.0.5:2222' },
    ]);
    await act(async () => connected({ home: '/home/ada/' }));
    expect(onConnected).toHaveBeenCalledWith({
      host: 'ada@10.0.0.5:2222',
      cwd: '/home/ada/src/app',
    });
  });

  it('shows why the connection failed and keeps what was typed, to try again', async () => {
    const host = new FakeHost();
    const { user, onConnected } = open(host);
    host.replies.connectSshHost = () =>
      Promise.reject(new HostRequestError('connectSshHost: devbox refused the connection.'));
    await user.type(hostField(), 'devbox');
    await user.type(folderField(), '/srv/app');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect((await screen.findByRole('alert')).textContent).toBe('devbox refused the connection.');
    expect(screen.getByRole('dialog', { name: 'Connect to host' })).toBeTruthy();
    expect((hostField() as HTMLInputElement).value).toBe('devbox');
    expect((folderField() as HTMLInputElement).value).toBe('/srv/app');
    expect(screen.queryByRole('status')).toBeNull();
    expect(onConnected).not.toHaveBeenCalled();
  });

  it('refuses a host that is not one word, without asking ssh', async () => {
    const { host, user } = open();
    await user.type(hostField(), '-oProxyCommand=x');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('alert').textContent).toMatch(/Type a host/);
    expect(host.paramsOf('connectSshHost')).toEqual([]);
  });

  it('completes remote folders from the host as the folder is typed', async () => {
    const host = new FakeHost();
    const { user } = open(host);
    host.replies.listRemoteFolders = ({ prefix }: { prefix: string }) => ({
      folders: prefix === '~/' ? ['~/src/', '~/notes/'] : ['~/src/app/', '~/src/lib/'],
    });
    await user.type(hostField(), 'devbox');
    await user.click(folderField());
    // A connection, then a listing after a pause in typing: seconds on a loaded machine.
    const slow = { timeout: 5_000 };
    await waitFor(() => expect(optionNames()).toEqual(['~/src/', '~/notes/']), slow);
    await user.keyboard('~/src/');
    await waitFor(() => expect(optionNames()).toEqual(['~/src/app/', '~/src/lib/']), slow);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect((folderField() as HTMLInputElement).value).toBe('~/src/lib/');
    expect(host.paramsOf('listRemoteFolders')).toContainEqual({ host: 'devbox', prefix: '~/src/' });
    expect(host.paramsOf('connectSshHost')).toEqual([{ host: 'devbox' }]);

    // A host name changed afterwards is not connected to, nor listed, as it is typed.
    const listings = host.paramsOf('listRemoteFolders').length;
    await user.type(hostField(), '-2');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(host.paramsOf('connectSshHost')).toEqual([{ host: 'devbox' }]);
    expect(host.paramsOf('listRemoteFolders')).toHaveLength(listings);
    expect(optionNames()).toEqual([]);
  });

  it('Escape closes an open list first, then the dialog; Cancel closes it too', async () => {
    const { user, onCancel } = open();
    await waitFor(() => expect(optionNames()).toHaveLength(3));
    await user.keyboard('{Escape}');
    expect(optionNames()).toEqual([]);
    expect(onCancel).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(2);
  });
});
