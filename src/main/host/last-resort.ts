import { errorMessage } from '../../shared/error-message';

/**
 * A server process that runs the user's shells must not end because one request or callback
 * threw: every shell would end with it. What escapes every other handler is logged instead.
 */
export function keepRunningOnErrors(
  proc: Pick<NodeJS.Process, 'on'>,
  log: (message: string) => void,
): void {
  const report = (kind: string) => (error: unknown) =>
    log(`tether: ${kind}, still running (${errorMessage(error)})`);
  proc.on('uncaughtException', report('internal error'));
  proc.on('unhandledRejection', report('unhandled failure'));
}
