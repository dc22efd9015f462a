import { isQueued, type PendingPrompt } from '../model/pending-prompts';

interface QueuedMessagesProps {
  prompts: readonly PendingPrompt[];
  /** Whether Edit can take it back whole (with its images). */
  canEdit(prompt: PendingPrompt): boolean;
  /** Takes it back into the composer to change and queue again. */
  onEdit(prompt: PendingPrompt): void;
  onRemove(prompt: PendingPrompt): void;
  /** Stops the running turn and runs this one at once. */
  onSendNow(prompt: PendingPrompt): void;
}

/**
 * The messages queued behind the running turn, under the composer, in the order they will run:
 * each can still be edited, removed or sent at once until a turn takes it up.
 */
export function QueuedMessages({
  prompts,
  canEdit,
  onEdit,
  onRemove,
  onSendNow,
}: QueuedMessagesProps) {
  const queued = prompts.filter(isQueued);
  if (queued.length === 0) return null;
  return (
    <ul className="agent-queued" aria-label="Queued messages">
      {queued.map((prompt) => (
        <li key={prompt.uuid} className="agent-queued-item" aria-label={prompt.text}>
          <span className="agent-queued-text">{prompt.text}</span>
          {prompt.images ? (
            <span>{prompt.images === 1 ? '1 image' : `${prompt.images} images`}</span>
          ) : null}
          {canEdit(prompt) && (
            <button type="button" onClick={() => onEdit(prompt)}>
              Edit
            </button>
          )}
          <button type="button" onClick={() => onSendNow(prompt)}>
            Send now
          </button>
          <button type="button" onClick={() => onRemove(prompt)}>
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}
