/**
 * What a block is doing, as its header's status and its frame show it, and what the workspace
 * counts and routes to. Each block reports its own through `BlockProps.onStateChange`; the
 * workspace adds what only it knows (whether the user has looked since).
 */
export type BlockActivity =
  | {
      kind: 'agent';
      status: 'Starting' | 'Working' | 'Needs you' | 'Done' | 'Error' | 'Exited' | 'Idle';
      detail?: string;
    }
  | { kind: 'terminal'; status: 'Running' | 'Failed' | 'Idle' | 'Exited'; command?: string };

/** Whether a block waits for the user: it is counted in "Needs you" and visited first. */
export function needsYou(activity: BlockActivity | undefined): boolean {
  return activity?.kind === 'agent' && activity.status === 'Needs you';
}

/** A finished turn or a failed command the user has not looked at yet: visited after "Needs you". */
export function awaitsLook(activity: BlockActivity | undefined): boolean {
  return activity?.status === 'Done' || activity?.status === 'Failed';
}
