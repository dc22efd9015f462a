import type { AgentEvent } from '../../shared/agent-event';

/** What one frame uuid stood for in the transcript: its API message, the tool calls it holds. */
interface Retractable {
  messageId?: string;
  toolUseIds: string[];
}

/**
 * Turns the uuids the CLI retracts (`supersedes`, `model_refusal_fallback`
 * .retracted_message_uuids) into what the transcript shows: message ids and tool call ids. The
 * CLI names frames (one per content block, tool results too) by uuid, while the view knows texts
 * by their message and tool cards by their call, so each frame is remembered as it passes.
 * Unknown uuids are no-ops, as the CLI promises they may be.
 */
export class Retractions {
  private readonly frames = new Map<string, Retractable>();
  /**
   * Walks the frames oldest first as they go. One iterator kept, not a new one per eviction: a
   * new one starts over the slots that deleted entries leave until the map compacts itself,
   * which made each eviction walk past thousands of them.
   */
  private oldest: Iterator<string> | null = null;

  constructor(private readonly capacity = 10_000) {}

  remember(uuid: string, frame: Retractable): void {
    this.frames.delete(uuid);
    this.frames.set(uuid, frame);
    // A retraction names the turn's own frames: the oldest can go.
    if (this.frames.size > this.capacity) this.frames.delete(this.nextOldest());
  }

  private nextOldest(): string {
    let next = this.oldest?.next();
    // An iterator that reached the end stays there, even once the map grows again.
    if (!next || next.done) {
      this.oldest = this.frames.keys();
      next = this.oldest.next();
    }
    return next.value as string;
  }

  /** The event that removes what `uuids` named; null when none of them is known. */
  retract(uuids: readonly string[]): (AgentEvent & { type: 'messages_retracted' }) | null {
    const messageIds = new Set<string>();
    const toolUseIds = new Set<string>();
    for (const uuid of uuids) {
      const frame = this.frames.get(uuid);
      if (!frame) continue;
      this.frames.delete(uuid);
      if (frame.messageId) messageIds.add(frame.messageId);
      for (const id of frame.toolUseIds) toolUseIds.add(id);
    }
    if (messageIds.size === 0 && toolUseIds.size === 0) return null;
    return {
      type: 'messages_retracted',
      message_ids: [...messageIds],
      tool_use_ids: [...toolUseIds],
    };
  }

  clear(): void {
    this.frames.clear();
    this.oldest = null;
  }
}
