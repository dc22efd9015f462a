import { useContext } from 'react';
import { AgentActionsContext } from './agent-actions';

/** Under one of the user's prompts: "Rewind code to here" and "Fork from here", where offered. */
export function PromptActions({ uuid, text }: { uuid: string; text: string }) {
  const { rewindTo, forkBefore } = useContext(AgentActionsContext);
  if (!rewindTo && !forkBefore) return null;
  return (
    <div className="agent-prompt-actions">
      {rewindTo && (
        <button type="button" className="agent-link-button" onClick={() => rewindTo(uuid)}>
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
