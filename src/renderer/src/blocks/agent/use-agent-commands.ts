import { useEffect, useRef, useState, type RefObject } from 'react';
import type {
  MessagePriority,
  PermissionMode,
  RequestAnswer,
} from '../../../../shared/agent-control';
import type { ImageAttachment } from '../../../../shared/contract/composer';
import type { HostApi } from '../../../../shared/host-api';
import type { AgentLink } from './agent-link';
import type { AgentStore } from './model/agent-store';
import type { PendingRequest } from './model/permission-queue';
import type { SessionInfo } from './model/session-summary';

interface AgentCommandsOptions {
  info: SessionInfo;
  /** The permission prompt the CLI waits on, if any. */
  request: PendingRequest | undefined;
  /** A turn is running: a prompt sent now waits for it or steers it. */
  busy: boolean;
  link: RefObject<AgentLink | null>;
  /** The block's root, to tell whether the keyboard was in it when a dialog was answered. */
  root: RefObject<HTMLElement | null>;
  composer: RefObject<HTMLTextAreaElement | null>;
  /** Called with each prompt before it goes (the block names itself after the first). */
  onSend(text: string): void;
  /** Puts a message that did not go back into the composer. */
  insert(text: string, images: readonly ImageAttachment[]): void;
  /** Keeps a message's images until the CLI has taken it up (see composer/use-message-queue.ts). */
  keepImages(uuid: string, text: string, images: readonly ImageAttachment[]): void;
  setError(message: string | null): void;
  report(failure: unknown): void;
}

/**
 * What the block asks of its session: send a prompt, answer the permission prompt, change the
 * mode or the model, restart. A change shows at once and rolls back if the host refuses it.
 */
export function useAgentCommands(
  api: HostApi,
  agentId: string,
  store: AgentStore,
  options: AgentCommandsOptions,
) {
  const { info, request, busy, link, root, composer, insert, keepImages, setError, report } =
    options;
  const [chosenMode, setChosenMode] = useState<string | null>(null);
  const [chosenModel, setChosenModel] = useState<string | null>(null);
  // The keyboard was in the dialog just answered: it goes to the next prompt, or the composer.
  const answeredWithFocus = useRef(false);

  useEffect(() => setChosenMode(null), [info.permissionMode]);
  useEffect(() => setChosenModel(null), [info.model]);
  useEffect(() => {
    // The composer can take the focus only once the dialog is gone and the rest is not inert.
    if (!request && answeredWithFocus.current) composer.current?.focus();
    answeredWithFocus.current = false;
  }, [request, composer]);

  const send = (text: string, images: ImageAttachment[] = [], now = false) => {
    setError(null);
    options.onSend(text);
    // The CLI reports the prompt's progress (queued behind a turn, started) by this id.
    const uuid = crypto.randomUUID();
    // During a turn Enter queues it until the turn ends (not into the turn at its next tool
    // result, the CLI's default) and Ctrl+Enter steers: the turn stops and this runs at once.
    const priority: MessagePriority | undefined = busy ? (now ? 'now' : 'later') : undefined;
    store.sent(text, uuid, priority, images.length);
    keepImages(uuid, text, images);
    const message = {
      agentId,
      text,
      uuid,
      ...(images.length > 0 ? { images } : {}),
      ...(priority ? { priority } : {}),
    };
    api.sendAgentMessage(message).catch((failure: unknown) => {
      store.notSent(uuid);
      // The composer emptied itself when it sent: what did not go goes back into it, images too.
      if (text || images.length > 0) insert(text, images);
      report(failure);
    });
  };

  // The prompt stays until the host confirms: after a refusal the CLI still waits on it, and the
  // dialog says why (`answered: false`, withdrawn meanwhile, removes it as well).
  const answer = async (decision: RequestAnswer): Promise<void> => {
    if (!request) return;
    const requestId = request.request_id;
    await api.answerPermission({ agentId, requestId, decision });
    answeredWithFocus.current = root.current?.contains(document.activeElement) ?? false;
    store.answered(requestId);
  };

  /** Whether the next permission prompt takes the focus: the keyboard is in the block. */
  const requestTakesFocus = () =>
    answeredWithFocus.current || (root.current?.contains(document.activeElement) ?? false);

  const changeMode = (mode: PermissionMode) => {
    setChosenMode(mode);
    api.setAgentPermissionMode({ agentId, mode }).catch((failure: unknown) => {
      setChosenMode(null);
      report(failure);
    });
  };

  const changeModel = (model: string) => {
    setChosenModel(model);
    api.setAgentModel({ agentId, model }).catch((failure: unknown) => {
      setChosenModel(null);
      report(failure);
    });
  };

  const restart = () => {
    setError(null);
    link.current?.restart().then(() => composer.current?.focus(), report);
  };

  return {
    send,
    answer,
    requestTakesFocus,
    mode: chosenMode ?? info.permissionMode ?? 'default',
    changeMode,
    model: chosenModel,
    changeModel,
    restart,
  };
}
