import type { AgentEvent } from '../../../../../shared/agent-event';

/**
 * Prompts sent but not yet received by the CLI, shown meanwhile so a message never seems lost
 * while the CLI starts. The CLI's receipt (`user_message`) takes one off; local slash commands get
 * no receipt, so theirs go when the turn they started ends.
 */
export class PendingPrompts {
  private value: readonly string[] = [];

  get pending(): readonly string[] {
    return this.value;
  }

  sent(text: string): void {
    this.value = [...this.value, text];
  }

  apply(events: readonly AgentEvent[]): void {
    for (const event of events) {
      if (event.type === 'user_message') {
        // The receipt may differ from what was typed (the CLI can add to it): then the oldest goes.
        const index = this.value.findIndex((text) => text.trim() === event.text.trim());
        this.remove(index === -1 ? 0 : index);
      } else if (event.type === 'done' || event.type === 'error') {
        this.value = this.value.filter((text) => !text.startsWith('/'));
      }
    }
  }

  drop(text: string): void {
    this.remove(this.value.lastIndexOf(text));
  }

  clear(): void {
    this.value = [];
  }

  private remove(index: number): void {
    if (index >= 0 && index < this.value.length)
      this.value = this.value.filter((_, at) => at !== index);
  }
}
