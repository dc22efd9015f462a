// @vitest-environment jsdom
import { loginRefused } from '../../../../shared/ssh-failures';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionLifecycle } from '../../../../shared/agent-control';
import { HostRequestError } from '../../../../shared/host-api';
import { FakeHost } from './testing/fake-host';
import { AGENT_ID, renderBlock } from './testing/render-block';
import { dropFiles } from '../terminal/testing/drop-files';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const cutOff: SessionLifecycle = {
  state: 'exited',
  code: 255,
  signal: null,
  reason: 'disconnected',
  message: 'The connection to devbox was lost (Broken pipe).',
};

async function remoteBlock(host = new FakeHost()) {
  host.replies.openAgent = () => ({ cwd: '/home/ada/src', history: [] });
  const block = await renderBlock(host, {
    cwd: '/home/ada/src',
    host: 'devbox',
    sessionId: '8c1d7c9e-4b4e-4f5a-9a3e-0c2f8f2d6a11',
  });
  const state = async (lifecycle: SessionLifecycle) => {
    act(() => host.emit('agentState', { agentId: AGENT_ID, state: lifecycle }));
    await block.settle();
  };
  await state({ state: 'idle' });
  return { ...block, state };
}

const disconnectedStatus = () => screen.queryByRole('status', { name: 'Disconnected' });

describe('an agent block on another machine', () => {
  it('opens its session on the host, in the folder there', async () => {
    const { host } = await remoteBlock();
    expect(host.paramsOf('openAgent')).toContainEqual(
      expect.objectContaining({ agentId: AGENT_ID, cwd: '/home/ada/src', host: 'devbox' }),
    );
  });

  it('says Disconnected with the host’s message, and Reconnect resumes the session there', async () => {
    const { host, state, settle } = await remoteBlock();
    await state(cutOff);
    expect(disconnectedStatus()!.textContent).toContain(
      'The connection to devbox was lost (Broken pipe).',
    );
    expect(screen.getByRole('status', { name: 'Session status' }).textContent).toBe('Disconnected');
    expect(screen.queryByRole('button', { name: 'Restart session' })).toBeNull();
    const opens = host.paramsOf('openAgent').length;

    fireEvent.click(screen.getByRole('button', { name: 'Reconnect' }));
    await settle();
    expect(host.paramsOf('closeAgent')).toEqual([{ agentId: AGENT_ID }]);
    expect(host.paramsOf('openAgent')).toHaveLength(opens + 1);
    expect(host.paramsOf('openAgent').at(-1)).toMatchObject({
      cwd: '/home/ada/src',
      host: 'devbox',
      resumeSessionId: '8c1d7c9e-4b4e-4f5a-9a3e-0c2f8f2d6a11',
    });
    expect(disconnectedStatus()!.textContent).toContain('Reconnecting…');
    await state({ state: 'ready', pid: 42 });
    expect(disconnectedStatus()).toBeNull();
  });

  it('reconnects by itself after 1 s, 2 s, 4 s…, showing why each attempt failed', async () => {
    const host = new FakeHost();
    const { state, settle } = await remoteBlock(host);
    let refusals = 2;
    host.replies.openAgent = () =>
      refusals-- > 0
        ? Promise.reject(new HostRequestError('openAgent: devbox does not answer.'))
        : { cwd: '/home/ada/src', history: [] };
    const opens = () => host.paramsOf('openAgent').length;
    const before = opens();
    await state(cutOff);

    await settle(979);
    expect(opens()).toBe(before);
    await settle(21);
    expect(opens()).toBe(before + 1);
    expect(disconnectedStatus()!.textContent).toContain(
      'Attempt 1 to reconnect failed: devbox does not answer.',
    );
    expect(disconnectedStatus()!.textContent).toContain('Reconnecting in 2 s.');
    await settle(1979);
    expect(opens()).toBe(before + 1);
    await settle(21);
    expect(opens()).toBe(before + 2);
    expect(disconnectedStatus()!.textContent).toContain('Attempt 2');
    await settle(4000);
    expect(opens()).toBe(before + 3);
    // This attempt's session starts, then its connection dies at once: it failed too.
    await state({ ...cutOff, message: 'Connection reset by peer.' });
    expect(disconnectedStatus()!.textContent).toContain(
      'Attempt 3 to reconnect failed: Connection reset by peer.',
    );
    await settle(8000);
    expect(opens()).toBe(before + 4);
    await state({ state: 'idle' });
    expect(disconnectedStatus()).toBeNull();
    await settle(60_000);
    expect(opens()).toBe(before + 4);
  });

  it('stops trying by itself after a failure only the user can fix, and Reconnect still tries', async () => {
    const host = new FakeHost();
    const { state, settle } = await remoteBlock(host);
    host.replies.openAgent = () =>
      Promise.reject(new HostRequestError(`openAgent: ${loginRefused('devbox')}`));
    const opens = () => host.paramsOf('openAgent').length;
    const before = opens();
    await state(cutOff);
    await settle(1000);
    expect(opens()).toBe(before + 1);
    expect(disconnectedStatus()!.textContent).toContain('refused the login');
    expect(disconnectedStatus()!.textContent).toContain('Tether stopped trying by itself');
    await settle(120_000);
    expect(opens()).toBe(before + 1);

    host.replies.openAgent = () => ({ cwd: '/home/ada/src', history: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Reconnect' }));
    await settle();
    expect(opens()).toBe(before + 2);
    await state({ state: 'idle' });
    expect(disconnectedStatus()).toBeNull();
  });

  it('leaves a session that ended for another reason to the user', async () => {
    const { host, state, settle } = await remoteBlock();
    await state({ ...cutOff, reason: 'crashed', message: 'Claude Code crashed.' });
    const opens = host.paramsOf('openAgent').length;
    await settle(60_000);
    expect(host.paramsOf('openAgent')).toHaveLength(opens);
    expect(disconnectedStatus()).toBeNull();
    expect(screen.getByRole('button', { name: 'Restart session' })).toBeTruthy();
  });

  it('types the paths of dropped files’ copies on the host, not this computer’s', async () => {
    const { host, settle } = await remoteBlock();
    host.replies.copyToHost = { paths: ['/tmp/tether-drop.a1/notes.md'] };
    const file = new File(['x'], 'notes.md');
    Object.assign(window, { tether: { pathForFile: () => '/Users/ada/notes.md' } });
    const box = screen.getByRole('textbox', { name: 'Message Claude' }) as HTMLTextAreaElement;
    dropFiles(box, [file]);
    await settle();
    expect(host.paramsOf('copyToHost')).toEqual([
      { host: 'devbox', paths: ['/Users/ada/notes.md'] },
    ]);
    expect(box.value).toBe('/tmp/tether-drop.a1/notes.md');

    // A copy that fails types nothing and says why.
    host.replies.copyToHost = () => Promise.reject(new HostRequestError('copyToHost: no space'));
    dropFiles(box, [file]);
    await settle();
    expect(box.value).toBe('/tmp/tether-drop.a1/notes.md');
    expect(screen.getByRole('alert').textContent).toContain('no space');
  });
});
