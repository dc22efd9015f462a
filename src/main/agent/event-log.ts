import {
  closeSync,
  existsSync,
  fstatSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import type { AgentEvent } from '../../shared/agent-event';
import { errorMessage } from '../../shared/error-message';

export interface EventLogNotice {
  level: 'warning' | 'info';
  text: string;
}

// What waits for the disk while writes fail: enough for a long turn's events; past it the oldest
// go first, since the live transcript shows them anyway.
const MAX_UNWRITTEN_BYTES = 16 * 1024 * 1024;

/**
 * An agent block's events, append-only, one JSON object a line: what a restarted Tether replays
 * to show the block's earlier transcript.
 *
 * Appending never throws: it runs in the output batcher's timer, where a throw ends the process.
 * A write that fails (a full disk) keeps its events and says so once; each later append tries
 * again, and the first that succeeds writes everything kept and says so too. A torn last line
 * left by a crash mid-write is cut off when the log is next opened for writing, so it cannot
 * swallow the next session's first event.
 */
export class EventLog {
  private fd: number | null = null;
  private unwritten: Buffer[] = [];
  private unwrittenBytes = 0;
  private failing = false;

  constructor(
    readonly path: string,
    /** Where the log says that it stopped or started writing again, as one line a person reads. */
    private readonly notify: (notice: EventLogNotice) => void = ({ text }) => console.warn(text),
  ) {}

  readAll(): AgentEvent[] {
    // Only a regular file: a device or a FIFO in its place would never end, or never answer.
    if (!existsSync(this.path) || !statSync(this.path).isFile()) return [];
    const events: AgentEvent[] = [];
    for (const line of readFileSync(this.path, 'utf8').split('\n')) {
      if (!line) continue;
      try {
        const value: unknown = JSON.parse(line);
        if (
          typeof value === 'object' &&
          value !== null &&
          typeof (value as { type?: unknown }).type === 'string'
        ) {
          events.push(value as AgentEvent);
        }
      } catch {
        // A torn line: skip it, keep the rest.
      }
    }
    return events;
  }

  /** Events that cannot be stored (e.g. too deep to stringify) are reported and skipped. */
  append(events: AgentEvent[]): void {
    let text = '';
    for (const event of events) {
      try {
        text += JSON.stringify(event) + '\n';
      } catch (error) {
        this.notify({
          level: 'warning',
          text: `Tether skipped saving a "${String(event.type)}" event that cannot be stored (${errorMessage(error)}).`,
        });
      }
    }
    if (text !== '') this.keep(Buffer.from(text));
    this.write();
  }

  /** Resolves once everything appended is on disk, or kept in vain because the disk refused it. */
  async dispose(): Promise<void> {
    this.write();
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  async remove(): Promise<void> {
    this.unwritten = [];
    this.unwrittenBytes = 0;
    await this.dispose();
    rmSync(this.path, { force: true });
  }

  private keep(bytes: Buffer): void {
    this.unwritten.push(bytes);
    this.unwrittenBytes += bytes.length;
    while (this.unwrittenBytes > MAX_UNWRITTEN_BYTES && this.unwritten.length > 1) {
      this.unwrittenBytes -= this.unwritten.shift()!.length;
    }
  }

  private write(): void {
    try {
      while (this.unwritten.length > 0) {
        const next = this.unwritten[0]!;
        writeWhole(this.open(), next);
        this.unwrittenBytes -= next.length;
        this.unwritten.shift();
      }
    } catch (error) {
      // Reopened on the next try: the file may have been replaced, or its disk remounted.
      this.dropDescriptor();
      if (!this.failing) {
        this.failing = true;
        this.notify({
          level: 'warning',
          text: `Tether cannot save this transcript (${errorMessage(error)}); it keeps trying. Until it can, a restart would not show what happens now.`,
        });
      }
      return;
    }
    if (this.failing) {
      this.failing = false;
      this.notify({ level: 'info', text: 'Tether is saving this transcript again.' });
    }
  }

  private open(): number {
    if (this.fd === null) {
      mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
      const fd = openSync(this.path, 'a+', 0o600);
      try {
        cutTornLine(fd);
      } catch (error) {
        closeSync(fd);
        throw error;
      }
      this.fd = fd;
    }
    return this.fd;
  }

  private dropDescriptor(): void {
    if (this.fd === null) return;
    try {
      closeSync(this.fd);
    } catch {
      // Already unusable: that is why it goes.
    }
    this.fd = null;
  }
}

/**
 * Appends all of `bytes` (whole lines), or, failing part-way (a disk that fills mid-write), takes
 * back what it wrote: the kept lines are written again whole later, and no line is left half.
 */
function writeWhole(fd: number, bytes: Buffer): void {
  const start = fstatSync(fd).size;
  let done = 0;
  try {
    while (done < bytes.length) done += writeSync(fd, bytes, done);
  } catch (error) {
    if (done > 0) ftruncateSync(fd, start);
    throw error;
  }
}

/** Cuts a last line that has no newline (a write cut short by a crash) off the file. */
function cutTornLine(fd: number): void {
  const size = fstatSync(fd).size;
  if (size === 0) return;
  const chunk = Buffer.alloc(64 * 1024);
  let end = size;
  while (end > 0) {
    const start = Math.max(0, end - chunk.length);
    const read = readSync(fd, chunk, 0, end - start, start);
    const newline = chunk.subarray(0, read).lastIndexOf(0x0a);
    if (newline >= 0) {
      const keep = start + newline + 1;
      if (keep < size) ftruncateSync(fd, keep);
      return;
    }
    end = start;
  }
  ftruncateSync(fd, 0);
}
