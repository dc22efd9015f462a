import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  type WriteStream,
} from 'node:fs';
import { dirname } from 'node:path';
import type { AgentEvent } from '../../shared/agent-event';
import { errorMessage } from '../../shared/error-message';

/**
 * An agent block's events, append-only, one JSON object a line: what a restarted Tether replays
 * to show the block's earlier transcript. A torn last line (a crash mid-write) is skipped on read.
 * Appending never throws: it runs in the output batcher's timer, where a throw ends the process.
 */
export class EventLog {
  private stream: WriteStream | null = null;

  constructor(
    readonly path: string,
    /** Where a problem with one write goes, as one line. */
    private readonly report: (problem: string) => void = (problem) => console.warn(problem),
  ) {}

  readAll(): AgentEvent[] {
    if (!existsSync(this.path)) return [];
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
        this.report(
          `Event log ${this.path}: skipped a "${String(event.type)}" event that cannot be stored (${errorMessage(error)}).`,
        );
      }
    }
    if (text === '') return;
    try {
      this.open().write(text);
    } catch (error) {
      this.report(`Event log ${this.path}: could not write (${errorMessage(error)}).`);
    }
  }

  private open(): WriteStream {
    if (!this.stream) {
      mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
      this.stream = createWriteStream(this.path, { flags: 'a', mode: 0o600 });
      this.stream.on('error', () => {
        // A full disk must not take the session down; the live transcript is unaffected.
      });
    }
    return this.stream;
  }

  /** Resolves once everything appended is on disk. */
  close(): Promise<void> {
    const stream = this.stream;
    this.stream = null;
    return new Promise((resolve) => (stream ? stream.end(resolve) : resolve()));
  }

  async remove(): Promise<void> {
    await this.close();
    rmSync(this.path, { force: true });
  }
}
