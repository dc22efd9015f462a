import type { terminalNotifications, terminalRequests } from '../../../shared/contract/terminal';
import type { HandlersFor, NotificationHandlersFor } from '../../../shared/contract/request-table';
import type { LaunchContext } from '../launch-context';
import type { RemoteHosts } from '../remote-hosts';
import type { TerminalRegistry } from '../terminal-registry';

/**
 * The terminal block's shell: each request goes to the client's terminal of that block. A block
 * on a host connects first (a failure is the request's one sentence), unless its shell is still
 * running (the page reloaded).
 */
export function terminalHandlers(
  terminals: TerminalRegistry,
  launch: LaunchContext,
  remote: Pick<RemoteHosts, 'shell'>,
): HandlersFor<typeof terminalRequests> {
  return {
    openTerminal: async (params) => {
      await terminals.closed(params.terminalId);
      const { host, cwd, terminalId } = params;
      const local = await launch.terminal();
      if (host && !terminals.has(terminalId)) {
        return terminals.openRemote(params, async () => ({
          host,
          ...(await remote.shell(host, cwd, local.shellIntegration !== false)),
        }));
      }
      return terminals.open(params, local);
    },
    writeTerminal: ({ terminalId, data }) => {
      terminals.write(terminalId, data);
      return null;
    },
    resizeTerminal: ({ terminalId, cols, rows }) => {
      terminals.resize(terminalId, cols, rows);
      return null;
    },
    closeTerminal: async ({ terminalId }) => {
      await terminals.close(terminalId);
      return null;
    },
    terminalBusy: ({ terminalId }) => terminals.busy(terminalId),
  };
}

/** What xterm has parsed, which resumes a shell paused for it. */
export function terminalNotificationHandlers(
  terminals: TerminalRegistry,
): NotificationHandlersFor<typeof terminalNotifications> {
  return {
    acknowledgeTerminal: ({ terminalId, bytes }) => terminals.acknowledge(terminalId, bytes),
  };
}
