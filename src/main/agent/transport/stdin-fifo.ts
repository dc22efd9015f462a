import { execFileSync } from 'node:child_process';
import {
  constants,
  createWriteStream,
  lstatSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  type WriteStream,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isAlive } from '../../process/process-tree';

// Each FIFO's folder names the process that made it, so that folders left by a process that was
// killed (and never removed them) can be told from those of a Tether still running.
const folderPattern = /^tether-(\d+)-/;

/**
 * Removes the FIFO folders of Tether processes that no longer run; returns how many. The host
 * calls it when it starts (see Host), before any agent of its own makes one.
 */
export function removeStaleFifoFolders(parent = tmpdir()): number {
  let removed = 0;
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return 0;
  }
  const uid = process.getuid?.();
  for (const name of names) {
    const owner = folderPattern.exec(name)?.[1];
    if (!owner || isAlive(Number(owner))) continue;
    const path = join(parent, name);
    // A shared temp folder holds other users' folders too: never theirs, and never a reason for
    // this agent not to start.
    try {
      if (uid !== undefined && lstatSync(path).uid !== uid) continue;
      rmSync(path, { recursive: true, force: true });
      removed++;
    } catch {
      continue;
    }
  }
  return removed;
}

/**
 * A private named pipe for the child's stdin: `claude -p` refuses a TTY on stdin, so under a pty
 * its input must come from elsewhere. The FIFO lives in a fresh 0700 temp dir with mode 600.
 *
 * We open it read-write: the open never blocks waiting for the child, and while we hold it the
 * child never sees end of input, so stdin stays open for the whole session (closing it early
 * makes later permission requests fail).
 */
export class StdinFifo {
  readonly path: string;
  private readonly dir: string;
  private stream: WriteStream | null;

  constructor() {
    this.dir = mkdtempSync(join(tmpdir(), `tether-${process.pid}-`));
    this.path = join(this.dir, 'stdin');
    try {
      execFileSync('mkfifo', ['-m', '600', this.path]);
      const fd = openSync(this.path, constants.O_RDWR);
      this.stream = createWriteStream('', { fd, autoClose: true });
      this.stream.on('error', () => {});
    } catch (error) {
      rmSync(this.dir, { recursive: true, force: true });
      throw error;
    }
  }

  write(text: string): void {
    this.stream?.write(text);
  }

  /** Closes our end: the child reads end of input once what was written is consumed. */
  closeInput(): void {
    this.stream?.end();
    this.stream = null;
  }

  /** Closes our end and removes the FIFO and its directory. */
  dispose(): void {
    this.closeInput();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
