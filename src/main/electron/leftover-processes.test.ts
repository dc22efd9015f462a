import { describe, expect, it } from 'vitest';
import { groupLeadersBelow } from './leftover-processes';

describe('groupLeadersBelow', () => {
  it('finds the shells and agents of a process but not its helpers or their children', () => {
    const table = [
      '  100     1   100', // the app
      '  200   100   200', // a shell in its own session
      '  201   200   201', // a job of that shell: below the shell, killed with its tree
      '  300   100   300', // Claude Code, started detached
      '  400   100   100', // a helper in the app's group (a GPU process)
      '  500   100   500', // a renderer Electron reports as its own
      '  600     1   600', // someone else's
      '',
    ].join('\n');
    expect(groupLeadersBelow(table, 100, [100, 400, 500])).toEqual([200, 300]);
  });
});
