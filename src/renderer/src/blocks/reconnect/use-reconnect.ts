import { useCallback, useEffect, useRef, useState } from 'react';
import { retryCannotHeal } from '../../../../shared/ssh-failures';

const FIRST_DELAY_MS = 1000;
const LONGEST_DELAY_MS = 30_000;

/** How long to wait before attempt `failed + 1`: 1 s, doubling after each failure, at most 30 s. */
export function reconnectDelay(failed: number): number {
  return Math.min(FIRST_DELAY_MS * 2 ** failed, LONGEST_DELAY_MS);
}

/** A block's connection to its host, while it is gone. */
export interface Lost {
  /** Why it went, in ssh's words. */
  reason: string;
  /** Attempts that failed since, and the last one's sentence. */
  failed: number;
  failure: string | null;
  /** An attempt is under way. */
  trying: boolean;
  /**
   * The last failure is one that trying again cannot heal (a refused login, a cancelled
   * question, no Claude Code there): no more attempts by themselves, only "Reconnect".
   */
  stopped: boolean;
}

/**
 * Reconnecting a remote block whose connection died: by itself after a wait that doubles with
 * each failed attempt (a host that is down is not hammered, one that is back is found soon), or
 * at once when the user asks. `attempt(byUser)` starts one; the block reports how it went. A
 * failure that only the user can fix stops the attempts made by themselves.
 */
export function useReconnect(attempt: (byUser: boolean) => void) {
  const [lost, setLost] = useState<Lost | null>(null);
  // Read and written at once, not at the next render: an attempt's outcome can come back before
  // the render that marks it under way.
  const now = useRef<Lost | null>(null);
  const latestAttempt = useRef(attempt);
  latestAttempt.current = attempt;

  const update = useCallback((next: (current: Lost | null) => Lost | null) => {
    now.current = next(now.current);
    setLost(now.current);
  }, []);
  const start = useCallback(
    (byUser: boolean) => {
      // One attempt at a time: a click during one waits for its outcome.
      if (!now.current || now.current.trying) return;
      update((current) => current && { ...current, trying: true });
      latestAttempt.current(byUser);
    },
    [update],
  );

  useEffect(() => {
    if (!lost || lost.trying || lost.stopped) return;
    const timer = setTimeout(() => start(false), reconnectDelay(lost.failed));
    return () => clearTimeout(timer);
  }, [lost, start]);

  const failAttempt = (current: Lost, failure: string): Lost => ({
    ...current,
    failed: current.failed + 1,
    failure,
    trying: false,
    stopped: retryCannotHeal(failure),
  });

  return {
    lost,
    /** An attempt is under way now (not just at the last render). */
    trying: () => now.current?.trying === true,
    /** The connection went; during an attempt, that attempt failed. */
    disconnected: useCallback(
      (reason: string) =>
        update((current) =>
          current?.trying
            ? failAttempt(current, reason)
            : { reason, failed: 0, failure: null, trying: false, stopped: retryCannotHeal(reason) },
        ),
      [update],
    ),
    /** The attempt under way failed, for this reason. */
    failed: useCallback(
      (failure: string) => update((current) => current && failAttempt(current, failure)),
      [update],
    ),
    connected: useCallback(() => update(() => null), [update]),
    now: useCallback(() => start(true), [start]),
  };
}
