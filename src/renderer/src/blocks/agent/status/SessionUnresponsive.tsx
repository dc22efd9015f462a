import { useEffect, useState } from 'react';
import { SessionNotice } from './SessionNotice';

function useSecondsSince(since: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.round((now - since) / 1000));
}

/**
 * The CLI is mid-turn but answers nothing (stopped, or stuck): said plainly, with a restart that
 * ends its process tree and resumes the Claude session in a new one. Any output clears it.
 */
export function SessionUnresponsive({ since, onRestart }: { since: number; onRestart(): void }) {
  const seconds = useSecondsSince(since);
  return (
    <SessionNotice
      className="agent-ended unresponsive"
      alert
      heading="Claude Code is not responding"
      onRestart={onRestart}
    >
      {/* The ticking count is not worth announcing again every second. */}
      No answer for <span aria-live="off">{seconds} s</span>. It may be stopped or stuck.
    </SessionNotice>
  );
}
