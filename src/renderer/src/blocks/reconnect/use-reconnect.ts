import { useCallback, useEffect, useRef, useState } from 'react';

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
}

/**
 * Reconnecting a remote block whose connection died: by itself after a wait that doubles with
 * each failed attempt (a host that is down is not hammered, one that is back is found soon), or
 * at once when the user asks. `attempt(byUser)` starts one; the block reports how it went.
 */
export function useReconnect(attempt: (byUser: boolean) => void) {
  const [lost, setLost] = useState<Lost | null>(null);
  const latest = useRef({ attempt, lost });
  latest.current = { attempt, lost };

  const start = useCallback((byUser: boolean) => {
    setLost((current) => current && { ...current, trying: true });
    latest.current.attempt(byUser);
  }, []);

  useEffect(() => {
    if (!lost || lost.trying) return;
    const timer = setTimeout(() => start(false), reconnectDelay(lost.failed));
    return () => clearTimeout(timer);
  }, [lost, start]);

  /** The connection went; during an attempt, that attempt failed. */
  const disconnected = useCallback(
    (reason: string) =>
      setLost((current) =>
        current?.trying
          ? { ...current, failed: current.failed + 1, failure: reason, trying: false }
          : { reason, failed: 0, failure: null, trying: false },
      ),
    [],
  );
  const failed = useCallback(
    (message: string) =>
      setLost(
        (current) =>
          current && { ...current, failed: current.failed + 1, failure: message, trying: false },
      ),
    [],
  );
  const connected = useCallback(() => setLost(null), []);
  // One attempt at a time: a click during one waits for its outcome.
  const now = useCallback(() => {
    if (!latest.current.lost?.trying) start(true);
  }, [start]);

  return { lost, disconnected, failed, connected, now };
}
