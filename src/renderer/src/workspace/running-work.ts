import type { HostApi } from '../../../shared/host-api';
import type { BlockSpec } from '../../../shared/workspace-state';
import type { BlockActivity } from '../blocks/block-activity';

/**
 * Whether closing the block would cut something off: an agent in a turn or waiting for the user,
 * or a terminal where a program other than the shell holds the foreground (`vi`, a build). A
 * terminal the host cannot ask about any more (its shell is gone) has nothing to lose.
 * 'unknown': a terminal whose shell cannot say (one on another machine without shell
 * integration), which may be running something.
 */
export async function hasRunningWork(
  api: HostApi,
  blockId: string,
  spec: BlockSpec,
  activity: BlockActivity | undefined,
): Promise<boolean | 'unknown'> {
  if (spec.kind === 'agent') {
    return activity?.status === 'Working' || activity?.status === 'Needs you';
  }
  if (spec.kind === 'terminal') {
    return api.terminalBusy({ terminalId: blockId }).then(
      ({ busy, unknown }) => (unknown ? 'unknown' : busy),
      () => false,
    );
  }
  return false;
}
