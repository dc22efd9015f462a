import type { AgentEvent } from '../../shared/agent-event';

/**
 * What names an event in both the CLI's stream and its session file: a prompt by its uuid, a tool
 * call and its result by the call's id, text by the API message it is part of. Other events
 * (statuses, costs, turn ends) are the stream's alone.
 */
function anchorOf(event: AgentEvent): string | null {
  switch (event.type) {
    case 'user_message':
      return event.uuid ? `prompt ${event.uuid}` : null;
    case 'tool_use':
      return `call ${event.id}`;
    case 'tool_result':
      return `result ${event.tool_use_id}`;
    case 'assistant_text':
    case 'thinking':
      return event.message_id ? `${event.type} ${event.message_id}` : null;
    default:
      return null;
  }
}

type Text = AgentEvent & { type: 'assistant_text' | 'thinking' };

const isText = (event: AgentEvent): event is Text =>
  event.type === 'assistant_text' || event.type === 'thinking';

/**
 * The part of a session's file (`transcript`, as the library reads it) that a block never showed:
 * what its CLI did after the block lost it (a remote CLI whose link died goes on with its turn,
 * writing only to its file). `history` is what the block showed before it reconnected, `since`
 * what it has shown from the new CLI since.
 *
 * The file is followed from the last event `history` has in common with it; what comes after and
 * was not shown since is missed. A reply cut off mid-stream gets the rest of its text. With
 * nothing in common (an older log, another conversation) nothing is missed: showing a turn twice
 * would be worse than leaving it in the session file.
 */
export function missedEvents(
  history: readonly AgentEvent[],
  since: readonly AgentEvent[],
  transcript: readonly AgentEvent[],
): AgentEvent[] {
  const shown = new Set(history.map(anchorOf).filter((anchor) => anchor !== null));
  const unshownText = textNotShown(history, transcript);
  let last = -1;
  transcript.forEach((event, index) => {
    const anchor = anchorOf(event);
    if (anchor === null || !shown.has(anchor)) return;
    // A text block counts as shown when some of it was: the stream shows one as it comes.
    if (!isText(event) || unshownText.get(index) !== event.text) last = index;
  });
  if (last < 0) return [];
  for (const anchor of since.map(anchorOf)) if (anchor !== null) shown.add(anchor);
  const missed: AgentEvent[] = [];
  transcript.slice(last).forEach((event, offset) => {
    const rest = unshownText.get(last + offset);
    if (rest !== undefined) {
      if (rest) missed.push({ ...(event as Text), text: rest });
      return;
    }
    const anchor = anchorOf(event);
    if (offset > 0 && (anchor === null || !shown.has(anchor))) missed.push(event);
  });
  return missed;
}

/**
 * For each text block of the file whose message the block showed text of (by index): the part of
 * it the block did not show. The stream's deltas of a message are matched against its blocks in
 * order; text that does not match is taken as shown, never risked twice.
 */
function textNotShown(
  history: readonly AgentEvent[],
  transcript: readonly AgentEvent[],
): Map<number, string> {
  const streamed = new Map<string, string>();
  for (const event of history.filter(isText)) {
    const anchor = anchorOf(event);
    if (anchor !== null) streamed.set(anchor, (streamed.get(anchor) ?? '') + event.text);
  }
  const left = new Map<string, string | null>(streamed);
  const rests = new Map<number, string>();
  transcript.forEach((event, index) => {
    const anchor = isText(event) ? anchorOf(event) : null;
    if (anchor === null || !left.has(anchor)) return;
    const seen = left.get(anchor)!;
    const text = (event as Text).text;
    if (seen !== null && seen.startsWith(text)) {
      left.set(anchor, seen.slice(text.length));
      rests.set(index, '');
    } else if (seen !== null && text.startsWith(seen)) {
      left.set(anchor, '');
      rests.set(index, text.slice(seen.length));
    } else {
      left.set(anchor, null);
      rests.set(index, '');
    }
  });
  return rests;
}
