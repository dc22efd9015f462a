import { describe, expect, it } from 'vitest';
import { createHostApi, type HostTransport } from './host-api';

describe('createHostApi: requests from outside the page', () => {
  it('keeps a command that arrives before the workspace listens, and only that kind', () => {
    let emit: (name: unknown, payload: unknown) => void = () => undefined;
    const transport: HostTransport = {
      request: async () => null,
      notify: () => undefined,
      subscribe: (listener) => {
        emit = listener;
        return () => undefined;
      },
    };
    const api = createHostApi(transport, () => undefined);
    emit('openTerminalIn', { cwd: '/srv/repo' });
    emit('runCommand', { command: 'terminal.new' });
    emit('terminalExit', { terminalId: 't', exitCode: 0, signal: null });

    const opened: string[] = [];
    api.onEvent('openTerminalIn', ({ cwd }) => opened.push(cwd));
    expect(opened).toEqual(['/srv/repo']);
    // Delivered once: a second listener does not get it again.
    api.onEvent('openTerminalIn', ({ cwd }) => opened.push(cwd));
    expect(opened).toEqual(['/srv/repo']);

    const commands: string[] = [];
    api.onEvent('runCommand', ({ command }) => commands.push(command));
    api.onEvent('runCommand', ({ command }) => commands.push(command));
    expect(commands).toEqual(['terminal.new']);

    const exits: unknown[] = [];
    api.onEvent('terminalExit', (payload) => exits.push(payload));
    expect(exits).toEqual([]);
  });
});
