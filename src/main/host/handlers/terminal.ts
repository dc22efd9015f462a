import type { terminalRequests } from '../../../shared/contract/terminal';
import type { HandlersFor } from '../../../shared/contract/request-table';
import type { LaunchContext } from '../launch-context';
import type { TerminalRegistry } from '../terminal-registry';

/** The terminal block's shell: each request goes to the client's terminal of that block. */
export function terminalHandlers(
  terminals: TerminalRegistry,
  launch: LaunchContext,
): HandlersFor<typeof terminalRequests> {
  return {
    openTerminal: async (params) => {
      const defaults = await launch.terminal();
      await terminals.closed(params.terminalId);
      return terminals.open(params, defaults);
    },
    writeTerminal: ({ terminalId, data }) => {
      terminals.write(terminalId, data);
      return null;
    },
    resizeTerminal: ({ terminalId, cols, rows }) => {
      terminals.resize(terminalId, cols, rows);
      return null;
    },
    acknowledgeTerminal: ({ terminalId, bytes }) => {
      terminals.acknowledge(terminalId, bytes);
      return null;
    },
    closeTerminal: async ({ terminalId }) => {
      await terminals.close(terminalId);
      return null;
    },
    terminalBusy: ({ terminalId }) => terminals.busy(terminalId),
  };
}
