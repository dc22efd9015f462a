import { useEffect, useState } from 'react';
import { failureReason, type HostApi } from '../../../../shared/host-api';
import type { Worktree, WorktreeStat } from '../../../../shared/worktree';

/** How often the header asks git again: agents edit files between any two events. */
export const STAT_INTERVAL_MS = 3000;

export type StatState =
  { state: 'loading' } | { state: 'ok'; stat: WorktreeStat } | { state: 'failed'; reason: string };

/**
 * The worktree's diff stat against its base, kept current while the page is shown: one request at
 * a time, none while the page is hidden.
 */
export function useWorktreeStat(api: HostApi, worktree: Worktree): StatState {
  const [stat, setStat] = useState<StatState>({ state: 'loading' });
  const key = JSON.stringify(worktree);
  useEffect(() => {
    const current = JSON.parse(key) as Worktree;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      if (document.visibilityState !== 'hidden') {
        try {
          const result = await api.worktreeStat({ worktree: current });
          if (!stopped) setStat({ state: 'ok', stat: result });
        } catch (error) {
          if (!stopped) setStat({ state: 'failed', reason: failureReason(error) });
        }
      }
      if (!stopped) timer = setTimeout(() => void ask(), STAT_INTERVAL_MS);
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [api, key]);
  return stat;
}
