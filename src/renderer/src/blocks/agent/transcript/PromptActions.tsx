import { useContext } from 'react';
import { AgentActionsContext, RewindUnavailableContext } from '../agent-actions';

/**
 * Under one of the user's prompts: "Rewind code to here" and "Fork from here", where offered.
 * Rewind waits for the session to be idle: files rewound under a running turn would be written
 * over again by its next edit, and the CLI takes the rewind only while it runs.
 */
export function PromptActions({ uuid, text }: { uuid: string; text: string }) {
  const { rewindTo, forkBefore } = useContext(AgentActionsContext);
  const rewindUnavailable = useContext(RewindUnavailableContext);
  if (!rewindTo && !forkBefore) return null;
  return (
    <div className="agent-prompt-actions">
      {rewindTo && (
        <button
          type="button"
          className="agent-link-button"
          disabled={rewindUnavailable !== null}
          title={rewindUnavailable ?? undefined}
          aria-description={rewindUnavailable ?? undefined}
          onClick={() => rewindTo(uuid)}
        >
          Rewind code to here
        </button>
      )}
      {forkBefore && (
        <button type="button" className="agent-link-button" onClick={() => forkBefore(uuid, text)}>
          Fork from here
        </button>
      )}
    </div>
  );
}
