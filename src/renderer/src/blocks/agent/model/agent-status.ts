import type { SessionLifecycle } from '../../../../../shared/agent-control';
import type { TurnActivity } from './session-summary';

export type AgentStatus =
  | 'starting'
  | 'thinking'
  | 'writing'
  | 'running a tool'
  | 'waiting for permission'
  | 'compacting'
  | 'not responding'
  | 'idle'
  | 'exited';

/**
 * One word for the header from the host's lifecycle and what the events said: the lifecycle knows
 * whether a process runs and a turn is open, the events know what happens inside the turn.
 */
export function agentStatus(
  lifecycle: SessionLifecycle,
  activity: TurnActivity,
  pendingPermissions: number,
): AgentStatus {
  if (lifecycle.state === 'exited') return 'exited';
  if (lifecycle.state === 'starting') return 'starting';
  if (lifecycle.state === 'unresponsive') return 'not responding';
  if (pendingPermissions > 0) return 'waiting for permission';
  if (activity.compacting) return 'compacting';
  if (lifecycle.state === 'busy' || activity.inTurn) {
    if (activity.runningTools.length > 0) return 'running a tool';
    return activity.writing ? 'writing' : 'thinking';
  }
  return 'idle';
}
