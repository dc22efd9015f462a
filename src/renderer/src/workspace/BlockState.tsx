import type { BlockActivity } from '../blocks/block-activity';
import { activityLabel } from './block-state';
import { Elapsed } from '../ui/Elapsed';
import './block-state.css';

/** The class the frame carries for a state (`state-needs-you`, …), for its colour and mark. */
export function stateClass(activity: BlockActivity): string {
  return `state-${activity.status.toLowerCase().replaceAll(' ', '-')}`;
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
