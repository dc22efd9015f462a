import type { BlockActivity } from '../blocks/block-activity';

/** Whether a block waits for the user: it is counted in "Needs you" and visited first. */
export function needsYou(activity: BlockActivity | undefined): boolean {
  return activity?.kind === 'agent' && activity.status === 'Needs you';
}

/** A finished turn or a failed command the user has not looked at yet: visited after "Needs you". */
export function awaitsLook(activity: BlockActivity | undefined): boolean {
  return activity?.status === 'Done' || activity?.status === 'Failed';
}

/** The state as shown: a `Done`/`Failed` the user has looked at since it came is `Idle` again. */
export function shownActivity(
  activity: BlockActivity | undefined,
  seen: boolean,
): BlockActivity | undefined {
  if (!activity || !seen || !awaitsLook(activity)) return activity;
  return activity.kind === 'agent'
    ? { kind: 'agent', status: 'Idle' }
    : { kind: 'terminal', status: 'Idle' };
}

/** The words the header's status shows. */
export function activityLabel(activity: BlockActivity): string {
  if (activity.kind === 'terminal' && activity.status === 'Running') {
    return activity.command ? `Running ${activity.command}` : 'Running';
  }
  return activity.status;
}

/**
 * The block "Go to next block that needs you" visits: the blocks in `Needs you` in layout order,
 * then those with a `Done`/`Failed` not looked at, starting after the focused one so that
 * repeating the command cycles through them all.
 */
export function nextBlockToVisit(
  order: readonly string[],
  shown: (blockId: string) => BlockActivity | undefined,
  focused: string | null,
): string | null {
  const queue = [
    ...order.filter((blockId) => needsYou(shown(blockId))),
    ...order.filter((blockId) => awaitsLook(shown(blockId))),
  ];
  if (queue.length === 0) return null;
  const at = focused ? queue.indexOf(focused) : -1;
  return queue[(at + 1) % queue.length]!;
}
