import { useEffect, useState } from 'react';
import { activityLabel, type BlockActivity } from './block-state';
import './block-state.css';

/** The class the frame carries for a state (`state-needs-you`, …), for its colour and mark. */
export function stateClass(activity: BlockActivity): string {
  return `state-${activity.status.toLowerCase().replaceAll(' ', '-')}`;
}

function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

// Ticks once a second while shown: how long the turn (or a background task) has run.
export function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <span className="block-state-elapsed">{formatElapsed(now - since)}</span>;
}

/** The header's state: one word (a role `status`), then how long and what exactly. */
export function BlockState({ activity }: { activity: BlockActivity }) {
  const detail = activity.kind === 'agent' ? activity.detail : undefined;
  const since =
    activity.kind === 'agent' && activity.status === 'Working' ? activity.since : undefined;
  return (
    <span className={`block-state ${stateClass(activity)}`}>
      <span role="status" aria-label="Block state" className="block-state-label">
        {activityLabel(activity)}
      </span>
      {since !== undefined && <Elapsed since={since} />}
      {detail && (
        <span className="block-state-detail" title={detail}>
          {detail}
        </span>
      )}
    </span>
  );
}
