import { useCallback, useEffect, useState } from 'react';
import type { RequestResult } from '../../../../shared/contract/host';
import type { HostApi } from '../../../../shared/host-api';
import type { Worktree } from '../../../../shared/worktree';

/** How often the header asks gh again: checks take minutes, and each ask reaches GitHub. */
export const PULL_REQUEST_INTERVAL_MS = 30_000;

export type PullRequestStatus = RequestResult<'pullRequestStatus'>;

const NONE: PullRequestStatus = { pullRequest: null, failedChecks: [] };

/**
 * The worktree branch's pull request and its checks, asked again while the page is shown (none
 * while it is hidden; at once when it is shown again), and on `refresh`, after a push or a new
 * pull request. A worktree on a host has none to show: gh runs only here.
 */
export function usePullRequest(
  api: HostApi,
  worktree: Worktree,
): { status: PullRequestStatus; refresh(): void } {
  const [status, setStatus] = useState<PullRequestStatus>(NONE);
  const [asked, setAsked] = useState(0);
  const key = JSON.stringify(worktree);
  useEffect(() => {
    const current = JSON.parse(key) as Worktree;
    if (current.host) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asking = false;
    const ask = async () => {
      clearTimeout(timer);
      if (asking || document.visibilityState === 'hidden') return;
      asking = true;
      try {
        const result = await api.pullRequestStatus({ worktree: current });
        if (!stopped) setStatus(result);
      } catch {
        // The header keeps what it last knew: a worktree it cannot read shows that in its stat.
      } finally {
        asking = false;
      }
      if (!stopped) timer = setTimeout(() => void ask(), PULL_REQUEST_INTERVAL_MS);
    };
    const onVisibility = () => void ask();
    document.addEventListener('visibilitychange', onVisibility);
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [api, key, asked]);
  return { status, refresh: useCallback(() => setAsked((n) => n + 1), []) };
}
