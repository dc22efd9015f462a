import { useEffect, useRef, useState } from 'react';
import type { BlockActivity } from '../../block-activity';
import { agentActivity } from './agent-activity';
import type { AgentSnapshot } from '../model/agent-store';

/**
 * Tells the workspace what the agent is doing whenever that changes: when a turn starts (for its
 * elapsed time) and how the last one ended, which only a block that saw it run can say.
 */
export function useBlockActivity(
  snapshot: AgentSnapshot,
  inTurn: boolean,
  requestError: string | null,
  onActivity: ((activity: BlockActivity) => void) | undefined,
): void {
  // Follows the turn while rendering, so that its end shows as Done at once, never Idle first.
  const [turn, setTurn] = useState({
    inTurn: false,
    turnStartedAt: null as number | null,
    turnEnded: false,
  });
  if (turn.inTurn !== inTurn) {
    setTurn(
      inTurn
        ? { inTurn, turnStartedAt: Date.now(), turnEnded: turn.turnEnded }
        : { inTurn, turnStartedAt: null, turnEnded: true },
    );
  }

  const activity = agentActivity(snapshot, { ...turn, requestError });
  const key = JSON.stringify(activity);
  const report = useRef(onActivity);
  report.current = onActivity;
  const latest = useRef(activity);
  latest.current = activity;
  useEffect(() => report.current?.(latest.current), [key]);
}
