import { useEffect, useRef } from 'react';
import type { HostApi } from '../../../../../shared/host-api';
import type { ImageAttachment } from '../../../../../shared/contract/composer';
import type { AgentSnapshot, AgentStore } from '../model/agent-store';
import type { PendingPrompt } from '../model/pending-prompts';

const TOO_LATE = 'Claude has already taken up that message, so it can no longer be changed.';

/** The images of a message on its way, which the store counts but does not keep. */
interface KeptImages {
  text: string;
  images: readonly ImageAttachment[];
  /** Its state when last listed (`sending`, `queued`, `started`…). */
  state: string;
  /** The list of prompts on their way when it was sent, which does not have it yet. */
  before: readonly PendingPrompt[];
}

/** Taken up by no turn, so given back if the session ends. */
const waiting = (state: string) => state === 'sending' || state === 'queued';

/**
 * What the queued messages under the composer do, through the CLI's own queue: edit and remove
 * take the message back first (`cancel_async_message`), so it never runs half-changed; Send now
 * stops the running turn for it. A message the session ended before running goes back into the
 * composer with its images, never lost.
 */
export function useMessageQueue(
  api: HostApi,
  agentId: string,
  store: AgentStore,
  { sending, unsent }: Pick<AgentSnapshot, 'sending' | 'unsent'>,
  {
    insert,
    report,
  }: {
    insert(text: string, images: readonly ImageAttachment[]): void;
    report(failure: unknown): void;
  },
) {
  // By the prompt's uuid.
  const kept = useRef(new Map<string, KeptImages>());

  // Each list once, however often the callbacks around it change before the store drops it.
  const handedBack = useRef<readonly string[]>([]);
  useEffect(() => {
    if (unsent.length === 0 || handedBack.current === unsent) return;
    handedBack.current = unsent;
    // The store gives back only the texts: each takes the images of the oldest message with that
    // text that no turn had taken up.
    const imagesOf = (text: string): readonly ImageAttachment[] => {
      for (const [uuid, message] of kept.current) {
        if (message.text !== text || !waiting(message.state)) continue;
        kept.current.delete(uuid);
        return message.images;
      }
      return [];
    };
    const images = unsent.flatMap(imagesOf);
    // An image sent without words has no text to give back, nor a blank line around it.
    const text = unsent.filter((given) => given !== '').join('\n\n');
    if (text || images.length > 0) insert(text, images);
    store.tookUnsent();
  }, [unsent, insert, store]);

  // After the hand-back above (effects run in order): a message a later list no longer has went
  // (taken up, removed, refused, or given back), and its images with it.
  useEffect(() => {
    for (const [uuid, message] of kept.current) {
      const listed = sending.find((prompt) => prompt.uuid === uuid);
      if (listed) message.state = listed.state;
      else if (message.before !== sending) kept.current.delete(uuid);
    }
  }, [sending]);

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
    /** Keeps the images a message was sent with, to give back with it should it not run. */
    keepImages: (uuid: string, text: string, images: readonly ImageAttachment[]) => {
      if (images.length === 0) return;
      const before = store.getSnapshot().sending;
      kept.current.set(uuid, { text, images, state: 'sending', before });
    },
    /**
     * Whether the box can take the message back whole: one with images only while this page holds
     * them (a reloaded page knows how many there were, not what they were).
     */
    canEdit: (prompt: PendingPrompt) => !prompt.images || kept.current.has(prompt.uuid),
    onEdit: (prompt: PendingPrompt) => {
      const images = kept.current.get(prompt.uuid)?.images ?? [];
      withdraw(prompt).then((withdrawn) => {
        if (!withdrawn) return;
        kept.current.delete(prompt.uuid);
        insert(prompt.text, images);
      }, report);
    },
    onRemove: (prompt: PendingPrompt) => {
      withdraw(prompt).catch(report);
    },
    onSendNow: (prompt: PendingPrompt) => {
      api.sendAgentMessageNow({ agentId, uuid: prompt.uuid }).catch(report);
    },
  };
}
