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

/**
 * An agent block's events, append-only, one JSON object a line: what a restarted Tether replays
 * to show the block's earlier transcript. A torn last line (a crash mid-write) is skipped on read.
 */
export class EventLog {
  private stream: WriteStream | null = null;

  constructor(readonly path: string) {}

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

  append(events: AgentEvent[]): void {
    if (events.length === 0) return;
    if (!this.stream) {
      mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
      this.stream = createWriteStream(this.path, { flags: 'a', mode: 0o600 });
      this.stream.on('error', () => {
        // A full disk must not take the session down; the live transcript is unaffected.
      });
    }
    this.stream.write(events.map((e) => JSON.stringify(e) + '\n').join(''));
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
