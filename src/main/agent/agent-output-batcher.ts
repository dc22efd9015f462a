import type { AgentEvent } from '../../shared/agent-event';
import { pushCoalesced } from '../../shared/coalesce-events';

export const AGENT_BATCH_MS = 16;

/**
 * Gathers one agent's output for the wire: events and raw bytes that arrive within one frame
 * (~16 ms) leave as one delivery, and runs of text deltas from the same author become one event,
 * so thousands of deltas a second cost at most one message per frame.
 */
export class AgentOutputBatcher {
  private events: AgentEvent[] = [];
  private raw: Buffer[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly deliver: (events: AgentEvent[], raw: Buffer | null) => void,
    private readonly intervalMs = AGENT_BATCH_MS,
  ) {}

  pushEvent(event: AgentEvent): void {
    pushCoalesced(this.events, event);
    this.schedule();
  }

  /** Takes the chunk as it is: stream chunks are never reused, and the flush copies them once. */
  pushRaw(chunk: Buffer): void {
    this.raw.push(chunk);
    this.schedule();
  }

  /** Delivers what is pending now (before a state change, so it cannot overtake the events). */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.events.length === 0 && this.raw.length === 0) return;
    const events = this.events;
    const raw = this.raw.length ? Buffer.concat(this.raw) : null;
    this.events = [];
    this.raw = [];
    this.deliver(events, raw);
  }

  private schedule(): void {
    this.timer ??= setTimeout(() => this.flush(), this.intervalMs);
  }
}
