import type { MessagePriority } from '../../../../../shared/agent-control';
import type { AgentEvent } from '../../../../../shared/agent-event';

export interface PendingPrompt {
  text: string;
  /** The id it was sent with, which the CLI's `prompt_state` events name. */
  uuid: string;
  /** `sending` until the CLI says more: then `queued` (behind a running turn), `cancelled`, … */
  state: string;
  /** `later`: queued by the user behind the running turn, so it can still be edited or removed. */
  priority?: MessagePriority;
  /** How many images go with it: the composer cannot take those back, so it is not editable. */
  images?: number;
}

/** Queued by the user and not yet taken up by a turn: it can still be edited or removed. */
export function isQueued(prompt: PendingPrompt): boolean {
  return prompt.priority === 'later' && (prompt.state === 'sending' || prompt.state === 'queued');
}

/**
 * Prompts sent but not yet taken up by the CLI, shown meanwhile so a message never seems lost
 * while the CLI starts or runs another turn. The CLI reports each by its uuid (queued, started,
 * cancelled); its receipt (`user_message`) takes one off. Local slash commands get no receipt,
 * so theirs, and cancelled ones, go when the turn ends.
 */
export class PendingPrompts {
  private value: readonly PendingPrompt[] = [];

  get pending(): readonly PendingPrompt[] {
    return this.value;
  }

  sent(text: string, uuid: string, priority?: MessagePriority, images = 0): void {
    const prompt: PendingPrompt = { text, uuid, state: 'sending' };
    if (priority) prompt.priority = priority;
    if (images > 0) prompt.images = images;
    this.value = [...this.value, prompt];
  }

  apply(events: readonly AgentEvent[]): void {
    for (const event of events) {
      if (event.type === 'user_message') {
        // The receipt may differ from what was typed (the CLI adds to it, and joins prompts queued
        // together): then the oldest a turn took up goes, else the oldest at all.
        const index = this.value.findIndex((p) => p.text.trim() === event.text.trim());
        const started = this.value.findIndex((p) => p.state === 'started');
        this.remove(
          index !== -1
            ? index
            : started !== -1
              ? started
              : this.value.findIndex((p) => p.state !== 'cancelled'),
        );
      } else if (event.type === 'prompt_state') {
        if (event.state === 'completed') this.remove(this.indexOf(event.uuid));
        else this.update(event.uuid, event.state);
      } else if (event.type === 'done' || event.type === 'error') {
        this.value = this.value.filter((p) => !p.text.startsWith('/') && p.state !== 'cancelled');
      }
    }
  }

  /** The host refused it: it is not on its way after all. */
  drop(uuid: string): void {
    this.remove(this.indexOf(uuid));
  }

  clear(): void {
    this.value = [];
  }

  /** Takes out, oldest first, the prompts no turn has taken up: the session ended under them. */
  takeUnsent(): PendingPrompt[] {
    const unsent = this.value.filter((p) => p.state === 'sending' || p.state === 'queued');
    this.value = this.value.filter((p) => !unsent.includes(p));
    return unsent;
  }

  private indexOf(uuid: string): number {
    return this.value.findIndex((p) => p.uuid === uuid);
  }

  private update(uuid: string, state: string): void {
    const index = this.indexOf(uuid);
    if (index === -1 || this.value[index]!.state === state) return;
    this.value = this.value.map((p, at) => (at === index ? { ...p, state } : p));
  }

  private remove(index: number): void {
    if (index >= 0 && index < this.value.length)
      this.value = this.value.filter((_, at) => at !== index);
  }
}
