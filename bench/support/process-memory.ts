import { readdir, readFile } from 'node:fs/promises';

/** The pids whose command line contains every one of `parts`. */
export async function processesWith(...parts: string[]): Promise<number[]> {
  const found: number[] = [];
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmdline = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' ');
      if (parts.every((part) => cmdline.includes(part))) found.push(Number(pid));
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

/** A field of /proc/<pid>/smaps_rollup (`Pss`, `Rss`) in MB; 0 for a process that has gone. */
async function rollupMb(pid: number, field: string): Promise<number> {
  try {
    const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8');
    return Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(rollup)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/**
 * Proportional set size of the renderer processes of the Chromium whose profile is
 * `userDataDir`: shared pages count once across Chromium's processes.
 */
export async function rendererPssMb(userDataDir: string): Promise<number> {
  let mb = 0;
  for (const pid of await processesWith(userDataDir, '--type=renderer')) {
    mb += await rollupMb(pid, 'Pss');
  }
  return mb;
}

/** Resident set size of one process, in MB. */
export function rssMb(pid: number): Promise<number> {
  return rollupMb(pid, 'Rss');
}
