import { useCallback, useEffect, useState } from 'react';
import type { EventPayload } from '../../../../shared/contract/host';
import type { HostApi } from '../../../../shared/host-api';

export type SshAsk = EventPayload<'sshAsk'>;

/**
 * ssh's questions, oldest first, as the host sends them: one is shown at a time, and each leaves
 * when answered here or when the host says it is over (answered in another window, or ssh gave up).
 */
export function useSshAsks(api: HostApi) {
  const [asks, setAsks] = useState<SshAsk[]>([]);
  const drop = useCallback(
    (askId: string) => setAsks((current) => current.filter((ask) => ask.askId !== askId)),
    [],
  );

  useEffect(() => {
    const add = (ask: SshAsk) =>
      setAsks((current) =>
        current.some((queued) => queued.askId === ask.askId) ? current : [...current, ask],
      );
    const asked = api.onEvent('sshAsk', add);
    const done = api.onEvent('sshAskDone', ({ askId }) => drop(askId));
    // Asked before this page was there to hear it (a reload while ssh waited): still waiting.
    api.pendingSshAsks({}).then(
      ({ asks: pending }) => pending.forEach(add),
      () => undefined,
    );
    return () => {
      asked();
      done();
    };
  }, [api, drop]);

  /** The user's answer (null: Cancel, which ssh takes as giving up). */
  const answer = useCallback(
    (askId: string, answer: string | null) => {
      drop(askId);
      api.answerSshAsk({ askId, answer }).catch((error: unknown) => {
        console.warn(`tether: an answer to ssh did not reach the host (${String(error)})`);
      });
    },
    [api, drop],
  );

  return { current: asks[0] ?? null, waiting: asks.length, answer };
}
