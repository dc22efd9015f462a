import { useContext } from 'react';
import { AgentActionsContext } from '../agent-actions';
import { errorAdvice } from './error-advice';
import { resetMs } from './reset-time';
import { useClock } from './use-clock';

interface ErrorNoteProps {
  message: string;
  subtype: string;
  /** When the rate limit last reported hit resets, if the CLI said. */
  resetsAt?: number;
}

/** A failed turn: what the CLI said, and what to do about it (kept true while a reset is ahead). */
export function ErrorNote({ message, subtype, resetsAt }: ErrorNoteProps) {
  const waiting = resetsAt !== undefined && resetMs(resetsAt) > Date.now();
  const now = useClock(waiting, 30_000);
  const { interrupted, advice, login } = errorAdvice(subtype, message, resetsAt, now);
  const { logIn } = useContext(AgentActionsContext);
  return (
    <div className={interrupted ? 'agent-note' : 'agent-error'}>
      <strong>{message}</strong> {advice}
      {login && logIn && (
        <>
          {' '}
          <button type="button" onClick={logIn}>
            Log in to Claude
          </button>
        </>
      )}
    </div>
  );
}
