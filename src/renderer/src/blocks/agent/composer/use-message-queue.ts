import { useEffect, useRef } from 'react';
import type { HostApi } from '../../../../../shared/host-api';
import type { AgentStore } from '../model/agent-store';
import type { PendingPrompt } from '../model/pending-prompts';

const TOO_LATE = 'Claude has already taken up that message, so it can no longer be changed.';

/**
 * What the queued messages under the composer do, through the CLI's own queue: edit and remove
 * take the message back first (`cancel_async_message`), so it never runs half-changed; Send now
 * stops the running turn for it. A message the session ended before running goes back into the
 * composer, never lost.
 */
export function useMessageQueue(
  api: HostApi,
  agentId: string,
  store: AgentStore,
  unsent: readonly string[],
  { insert, report }: { insert(text: string): void; report(failure: Error): void },
) {
  // Each list once, however often the callbacks around it change before the store drops it.
  const handedBack = useRef<readonly string[]>([]);
  useEffect(() => {
    if (unsent.length === 0 || handedBack.current === unsent) return;
    handedBack.current = unsent;
    insert(unsent.join('\n\n'));
    store.tookUnsent();
  }, [unsent, insert, store]);

  // The messages being taken back, or taken back: a second click on one (a double-clicked Edit)
  // does nothing, where it would ask the CLI again and hear that it no longer holds the message.
  const withdrawing = useRef(new Set<string>());
  const withdraw = async (prompt: PendingPrompt): Promise<boolean> => {
    if (withdrawing.current.has(prompt.uuid)) return false;
    withdrawing.current.add(prompt.uuid);
    let withdrawn = false;
    try {
      ({ withdrawn } = await api.withdrawAgentMessage({ agentId, uuid: prompt.uuid }));
    } finally {
      // One the CLI kept (or a request that failed) can be asked for again.
      if (!withdrawn) withdrawing.current.delete(prompt.uuid);
    }
    if (withdrawn) store.notSent(prompt.uuid);
    else report(new Error(TOO_LATE));
    return withdrawn;
  };

  return {
    onEdit: (prompt: PendingPrompt) => {
      withdraw(prompt).then((withdrawn) => withdrawn && insert(prompt.text), report);
    },
    onRemove: (prompt: PendingPrompt) => {
      withdraw(prompt).catch(report);
    },
    onSendNow: (prompt: PendingPrompt) => {
      api.sendAgentMessageNow({ agentId, uuid: prompt.uuid }).catch(report);
    },
  };
}
