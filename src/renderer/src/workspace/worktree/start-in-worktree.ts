import { failureReason, type HostApi } from '../../../../shared/host-api';
import { WORKTREE_INCLUDE } from '../../../../shared/worktree-setup';
import type { Workspace } from '../use-workspace';

/**
 * "New agent in worktree": a worktree of the repository `cwd` is in (on `host`), given the files
 * its `.worktreeinclude` names, then an agent block in it beside the focused block. Where the
 * repository has a "Worktree set-up", it runs in a terminal block below the agent, which waits for
 * it to succeed unless the setting says to start at once.
 */
export async function startAgentInWorktree(
  api: HostApi,
  workspace: Pick<Workspace, 'add' | 'updateSpec' | 'focus'>,
  cwd: string,
  host: string | undefined,
  notify: (notice: string, problem?: boolean) => void,
): Promise<void> {
  const onHost = host ? { host } : {};
  const worktree = await api.createWorktree({ cwd, ...onHost });
  // The worktree is made: what fails from here is said, and the agent starts all the same.
  const prepared = await api.prepareWorktree({ worktree }).catch((failure: unknown) => ({
    copied: [],
    problem: failureReason(failure),
    setup: null,
  }));
  const { setup } = prepared;
  const waits = setup && !setup.startAtOnce;
  const place = { cwd: worktree.path, ...onHost };
  const agent = workspace.add('agent', 'horizontal', {
    ...place,
    worktree,
    ...(waits ? { setup: { command: setup.command } } : {}),
  });
  if (setup) {
    const terminal = workspace.add('terminal', 'vertical', { ...place, run: setup.command });
    if (waits) workspace.updateSpec(agent, { setup: { command: setup.command, terminal } });
    // An agent that starts at once takes the keyboard; one that waits leaves it with the set-up.
    else workspace.focus(agent, true);
  }
  if (prepared.problem) {
    notify(
      `${WORKTREE_INCLUDE}: nothing was copied into ${worktree.path}: ${prepared.problem}`,
      true,
    );
  } else if (prepared.copied.length) {
    notify(`Copied into the worktree (${WORKTREE_INCLUDE}): ${prepared.copied.join(', ')}`);
  }
}
