import type { HostApi } from '../../../../shared/host-api';
import { describeStat, type Worktree } from '../../../../shared/worktree';
import { useWorktreeStat } from './use-worktree-stat';
import './worktree.css';

/** The header's branch and live diff stat of a block that works in its own worktree. */
export function WorktreeBadge({ api, worktree }: { api: HostApi; worktree: Worktree }) {
  const stat = useWorktreeStat(api, worktree);
  const text =
    stat.state === 'ok'
      ? describeStat(stat.stat)
      : stat.state === 'failed'
        ? 'worktree unavailable'
        : '';
  return (
    <span
      role="group"
      aria-label="Worktree"
      className="worktree-badge"
      title={
        stat.state === 'failed'
          ? stat.reason
          : `${worktree.path}, branched from ${worktree.base} (${worktree.baseCommit.slice(0, 8)})`
      }
    >
      <span className="worktree-branch">⎇ {worktree.branch}</span>
      {text && <span className="worktree-stat">{text}</span>}
    </span>
  );
}
