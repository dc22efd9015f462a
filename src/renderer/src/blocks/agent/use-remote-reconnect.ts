import { useEffect, useRef } from 'react';
import type { SessionLifecycle } from '../../../../shared/agent-control';
import { failureReason } from '../../../../shared/host-api';
import { useReconnect } from '../reconnect/use-reconnect';

/**
 * A remote agent whose connection died (`exited`, reason `disconnected`) comes back by the
 * block's restart: a new session on the host that resumes the Claude session, its transcript read
 * again from the host's log, so nothing is lost or shown twice. How an attempt went shows in the
 * lifecycle: the session starting up is a success, exiting again a failure.
 */
export function useRemoteReconnect(
  lifecycle: SessionLifecycle,
  /** Starts an attempt: the link's restart. */
  restart: (byUser: boolean) => Promise<unknown> | undefined,
) {
  const reconnect = useReconnect((byUser) => {
    restart(byUser)?.catch((failure: unknown) => latest.current.failed(failureReason(failure)));
  });
  const latest = useRef(reconnect);
  latest.current = reconnect;

  useEffect(() => {
    const { trying, disconnected, failed, connected } = latest.current;
    // `starting` is the restart's own blank state, not yet the host's word; `disposed` is the old
    // session that the restart ended.
    if (lifecycle.state === 'starting') return;
    if (lifecycle.state !== 'exited') return void (trying() && connected());
    if (lifecycle.reason === 'disposed') return;
    if (trying()) failed(lifecycle.message);
    else if (lifecycle.reason === 'disconnected') disconnected(lifecycle.message);
  }, [lifecycle]);

  const cutOff = lifecycle.state === 'exited' && lifecycle.reason === 'disconnected';
  return {
    // Before the effect above has run, the lifecycle already says so: the block shows it at once,
    // never as a session that ended.
    lost:
      reconnect.lost ??
      (cutOff
        ? { reason: lifecycle.message, failed: 0, failure: null, trying: false, stopped: false }
        : null),
    now: reconnect.now,
    /** The open of an attempt failed: true when it counted as such (else the block shows it). */
    openFailed: (message: string): boolean => {
      if (!latest.current.trying()) return false;
      latest.current.failed(message);
      return true;
    },
  };
}
