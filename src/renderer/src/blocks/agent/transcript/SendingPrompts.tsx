import type { PendingPrompt } from '../model/pending-prompts';

/** What each state of a prompt on its way means to the user. */
function label(state: string): string {
  switch (state) {
    case 'sending':
      return 'sending';
    case 'queued':
      return 'queued: runs after the current turn';
    case 'started':
      return 'starting';
    case 'cancelled':
      return 'cancelled: not sent to Claude';
    default:
      return state;
  }
}

/** Prompts on their way to the CLI, below the transcript until the CLI confirms each. */
export function SendingPrompts({ prompts }: { prompts: readonly PendingPrompt[] }) {
  if (prompts.length === 0) return null;
  return (
    <div className="agent-sending" role="status" aria-label="Sending">
      {prompts.map((prompt) => (
        <div key={prompt.uuid} className={`agent-user sending ${prompt.state}`}>
          <span className="agent-role">You · {label(prompt.state)}</span>
          <p>{prompt.text}</p>
        </div>
      ))}
    </div>
  );
}
