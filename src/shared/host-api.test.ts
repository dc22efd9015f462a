import { describe, expect, it, vi } from 'vitest';
import { createHostApi, HostRequestError, type HostTransport } from './host-api';

function fakeTransport(reply: unknown) {
  let emit: (name: unknown, payload: unknown) => void = () => undefined;
  const notified: [string, unknown][] = [];
  const transport: HostTransport = {
    request: async () => reply,
    notify: (name, params) => void notified.push([name, params]),
    subscribe: (listener) => {
      emit = listener;
      return () => undefined;
    },
  };
  return { transport, notified, emit: (name: unknown, payload: unknown) => emit(name, payload) };
}

describe('createHostApi', () => {
  it('has one function per request of the contract', () => {
    const api = createHostApi(fakeTransport(null).transport);
    expect(typeof api.openTerminal).toBe('function');
    expect(typeof api.saveWorkspace).toBe('function');
  });

  it('returns a checked result and throws the host error as a plain message', async () => {
    const ok = createHostApi(fakeTransport({ ok: true, result: { cwd: '/w' } }).transport);
    await expect(ok.openTerminal({ terminalId: 'a', cols: 80, rows: 24 })).resolves.toEqual({
      cwd: '/w',
    });
    const failing = createHostApi(
      fakeTransport({ ok: false, error: 'no such terminal' }).transport,
    );
    await expect(failing.closeTerminal({ terminalId: 'a' })).rejects.toThrow(
      new HostRequestError('no such terminal'),
    );
  });

  it('sends a notification as one, with no request and nothing to wait for', () => {
    const { transport, notified } = fakeTransport({ ok: true, result: null });
    const request = vi.spyOn(transport, 'request');
    const api = createHostApi(transport);
    expect(api.acknowledgeTerminal({ terminalId: 'a', bytes: 65536 })).toBeUndefined();
    expect(notified).toEqual([['acknowledgeTerminal', { terminalId: 'a', bytes: 65536 }]]);
    expect(request).not.toHaveBeenCalled();
  });

  it('rejects a reply that does not match the contract', async () => {
    const api = createHostApi(fakeTransport({ ok: true, result: { cwd: 42 } }).transport);
    await expect(api.openTerminal({ terminalId: 'a', cols: 80, rows: 24 })).rejects.toThrow(
      /invalid reply/,
    );
    const garbled = createHostApi(fakeTransport('garbage').transport);
    await expect(garbled.getAppInfo({})).rejects.toThrow(/malformed reply/);
  });

  it('delivers valid events and logs, without delivering, unknown or invalid ones', () => {
    const logged: string[] = [];
    const { transport, emit } = fakeTransport(null);
    const api = createHostApi(transport, (message) => logged.push(message));
    const seen: unknown[] = [];
    const stop = api.onEvent('terminalData', (payload) => seen.push(payload));
    const hi = new Uint8Array([104, 105]);
    emit('terminalData', { terminalId: 'a', data: hi });
    emit('terminalData', { terminalId: 'a' });
    emit('terminalData', { terminalId: 'a', data: 'text, not bytes' });
    emit('formatDisk', {});
    stop();
    emit('terminalData', { terminalId: 'a', data: hi });
    expect(seen).toEqual([{ terminalId: 'a', data: hi }]);
    expect(logged).toHaveLength(3);
  });
});
