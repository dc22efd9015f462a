/**
 * What a block is doing, as its header's status and its frame show it, and what the workspace
 * counts and routes to. Each block reports its own through `BlockProps.onActivity`; the
 * workspace adds what only it knows (whether the user has looked since).
 */
export type BlockActivity =
  | {
      kind: 'agent';
      status: 'Starting' | 'Working' | 'Needs you' | 'Done' | 'Error' | 'Exited' | 'Idle';
      /** What it does (the running tool), which tool waits, the answer's first line, the error. */
      detail?: string;
      /** When the turn in progress started (epoch ms), for the elapsed time while `Working`. */
      since?: number;
    }
  | { kind: 'terminal'; status: 'Running' | 'Failed' | 'Idle' | 'Exited'; command?: string };

/**
 * How a state came: `alreadySeen` for one a reloaded page rebuilt from output the user had been
 * shown before (a terminal's restored screen), which neither notifies nor waits for a look.
 */
export interface ActivityReport {
  alreadySeen?: boolean;
}
