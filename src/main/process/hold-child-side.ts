import { closeSync, constants, openSync } from 'node:fs';
import type { IPty } from 'node-pty';

/**
 * Holds our own handle on the child's side of a pty until it is released after the exit.
 *
 * When the last handle on that side closes, Linux may throw away output the child wrote just
 * before it exited, before node-pty has read it (a shell running `echo …; exit` lost its echo in
 * about 5% of runs under load). With our handle open the output stays readable; node-pty then
 * reports the exit once its read side times out, about 200 ms later. ConPTY has no such side.
 */
export function holdChildSide(pty: IPty): () => void {
  const name = (pty as IPty & { ptsName?: string }).ptsName;
  if (process.platform === 'win32' || !name) return () => undefined;
  let fd: number | null;
  try {
    fd = openSync(name, constants.O_RDWR | constants.O_NOCTTY);
  } catch {
    return () => undefined;
  }
  return () => {
    if (fd === null) return;
    closeSync(fd);
    fd = null;
  };
}
