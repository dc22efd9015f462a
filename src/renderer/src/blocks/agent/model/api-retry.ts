import type { AgentEvent } from '../../../../../shared/agent-event';

/** Why a call failed, in words: the CLI's kind of error, else its HTTP status. */
function reason(event: AgentEvent & { type: 'api_retry' }): string {
  if (event.error) return event.error.replaceAll('_', ' ');
  return event.error_status !== undefined ? `HTTP ${event.error_status}` : 'the API failed';
}

/**
 * What the block says while the CLI waits to call the API again ("Retrying 2/10 — overloaded"):
 * from its `api_retry` until anything else of the turn arrives.
 */
export class RetryStatus {
  private text: string | null = null;

  get current(): string | null {
    return this.text;
  }

  apply(events: readonly AgentEvent[]): void {
    for (const event of events) {
      if (event.type === 'api_retry') {
        this.text = `Retrying ${event.attempt}/${event.max_retries} — ${reason(event)}`;
      } else if (this.text !== null && ENDS_WAIT.has(event.type)) {
        this.text = null;
      }
    }
  }
}

/** What shows the call went through, or the turn is over. */
const ENDS_WAIT = new Set<AgentEvent['type']>([
  'assistant_text',
  'thinking',
  'tool_use',
  'model_fallback',
  'cost',
  'done',
  'error',
]);
