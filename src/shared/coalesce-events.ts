import type { AgentEvent } from './agent-event';

/**
 * Appends `event` to `events`, joining it onto the last one when both are text (or both thinking)
 * of the same message from the same author: streamed deltas and whole blocks then read the same,
 * and a retracted message can still be told apart.
 */
export function pushCoalesced(events: AgentEvent[], event: AgentEvent): void {
  const last = events.at(-1);
  if (last && isText(last) && isText(event) && sameAuthor(last, event)) {
    events[events.length - 1] = { ...last, text: last.text + event.text };
  } else {
    events.push(event);
  }
}

export type TextEvent = AgentEvent & { type: 'assistant_text' | 'thinking' };

export function isText(event: AgentEvent): event is TextEvent {
  return event.type === 'assistant_text' || event.type === 'thinking';
}

/** Both text, or both thinking, of the same message from the same author (parent). */
export function sameAuthor(a: TextEvent, b: TextEvent): boolean {
  return (
    a.type === b.type &&
    a.parent_tool_use_id === b.parent_tool_use_id &&
    a.message_id === b.message_id
  );
}
