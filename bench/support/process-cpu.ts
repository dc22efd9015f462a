import { readFile } from 'node:fs/promises';
import { processesWith } from './process-memory';

/** /proc counts CPU time in clock ticks of 10 ms (USER_HZ is 100 on Linux). */
const TICK_MS = 10;

/**
 * CPU time (user and system, in ms) used so far by the main threads of the renderer processes of
 * the Chromium whose profile is `userDataDir`. Unlike the time its tasks took, a loaded machine
 * does not inflate it: a thread waiting for a core uses none.
 */
export async function rendererMainThreadCpuMs(userDataDir: string): Promise<number> {
  let ms = 0;
  for (const pid of await processesWith(userDataDir, '--type=renderer')) {
    try {
      // The main thread's task id is the process id.
      ms += statCpuMs(await readFile(`/proc/${pid}/task/${pid}/stat`, 'utf8'));
    } catch {
      // The process ended while we looked.
    }
  }
  return ms;
}

/** CPU time (user and system, in ms) one process has used so far, all its threads. */
export async function processCpuMs(pid: number): Promise<number> {
  return statCpuMs(await readFile(`/proc/${pid}/stat`, 'utf8'));
}

/** utime and stime of a `/proc/…/stat` line, after the command name (which may hold spaces). */
function statCpuMs(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}
