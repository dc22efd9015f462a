import type { AgentEvent } from './agent-event';

/**
 * Appends `event` to `events`, joining it onto the last one when both are text (or both thinking)
 * of the same message from the same author: streamed deltas and whole blocks then read the same,
 * and a retracted message can still be told apart.
 */
export function pushCoalesced(events: AgentEvent[], event: AgentEvent): void {
  const last = events.at(-1);
  if (
    (event.type === 'assistant_text' || event.type === 'thinking') &&
    last?.type === event.type &&
    last.parent_tool_use_id === event.parent_tool_use_id &&
    last.message_id === event.message_id
  ) {
    events[events.length - 1] = { ...last, text: last.text + event.text };
  } else {
    events.push(event);
  }
}
