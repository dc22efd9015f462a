import { describe, expect, it } from 'vitest';
import { groupLeadersBelow, killLeftovers } from './leftover-processes';

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

/** killLeftovers on `platform`, with what each program would print; records what it ran. */
function leftoversOn(platform: NodeJS.Platform, printed: Record<string, string | Error>) {
  const ran: [string, string[]][] = [];
  const killed: number[] = [];
  killLeftovers([100, 500], {
    platform,
    pid: 100,
    run: (file, args) => {
      ran.push([file, args]);
      const output = printed[file];
      if (output instanceof Error) throw output;
      return output ?? '';
    },
    killTree: (pid) => killed.push(pid),
  });
  return { ran, killed };
}

describe('killLeftovers', () => {
  const table = ['  100 1 100', '  200 100 200', '  300 100 300', '  500 100 500'].join('\n');

  for (const platform of ['linux', 'darwin'] as const) {
    it(`on ${platform}, kills the tree of each group leader ps lists below the app`, () => {
      const { ran, killed } = leftoversOn(platform, { ps: table });
      expect(ran).toEqual([['ps', ['-A', '-o', 'pid=,ppid=,pgid=']]]);
      expect(killed).toEqual([200, 300]);
    });
  }

  it('on Windows, ends the tree of every child but Electron’s own with one taskkill /T /F', () => {
    const { ran, killed } = leftoversOn('win32', {
      'powershell.exe': '200\r\n300\r\n500\r\n\r\n',
    });
    expect(ran).toHaveLength(2);
    const [listing, kill] = ran;
    expect(listing![0]).toBe('powershell.exe');
    expect(listing![1].at(-1)).toBe(
      // Not the listing's own PowerShell, whose id is free again when taskkill runs.
      "Get-CimInstance Win32_Process -Filter 'ParentProcessId=100' | Where-Object ProcessId -ne $PID | ForEach-Object ProcessId",
    );
    expect(kill).toEqual(['taskkill', ['/pid', '200', '/pid', '300', '/T', '/F']]);
    expect(killed).toEqual([]);
  });

  it('on Windows, runs no taskkill when nothing is left, or when the listing fails', () => {
    expect(leftoversOn('win32', { 'powershell.exe': '500\r\n' }).ran).toHaveLength(1);
    expect(leftoversOn('win32', { 'powershell.exe': new Error('timed out') }).ran).toHaveLength(1);
  });

  it('does not throw when taskkill or ps fails', () => {
    const failing = { 'powershell.exe': '200\r\n', taskkill: new Error('not found') };
    expect(leftoversOn('win32', failing).ran).toHaveLength(2);
    expect(leftoversOn('linux', { ps: new Error('no ps') }).killed).toEqual([]);
  });
});
