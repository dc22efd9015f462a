import type { AgentEvent } from '../../../shared/agent-event';
import type { ContentBlock } from '../../../shared/stream-frame';
import { isRecord } from '../../../shared/is-record';
import { INTERRUPTED_MESSAGE, localCommandOutput } from '../../agent/claude-translator';
import { compactionBoundaryEvent } from '../../agent/system-frames';
import { classifyFrame, textOfContent } from '../../agent/parse-frame';
import { str } from '../../../shared/json-fields';

/**
 * What one conversation entry of an on-disk transcript shows, on its own: the events (with
 * `parent_tool_use_id` null; a subagent's are re-parented when its chain is spliced in) and the
 * facts a session list and the splicing need. Entries are the CLI's in-memory messages, so user
 * and assistant entries carry the same `message` as stdout's frames and go through the same
 * checks (parse-frame.ts).
 */
export interface EntryContent {
  events: AgentEvent[];
  /** What the user typed, when this entry is a prompt. */
  prompt: string | null;
  /** The API message an assistant entry is part of (the CLI writes one entry per block). */
  messageId: string | null;
  model: string | null;
  /** An Agent tool result names the subagent that ran under that tool use. */
  agentRun: { agentId: string; toolUseId: string; status: string | null } | null;
  /** A background subagent's completion, as the CLI tells the model about it. */
  taskStatus: { toolUseId: string; status: string } | null;
}

const NOTHING: EntryContent = {
  events: [],
  prompt: null,
  messageId: null,
  model: null,
  agentRun: null,
  taskStatus: null,
};

/** The CLI marks a turn the user stopped with a user entry starting so. */
const INTERRUPT_MARKER = '[Request interrupted';
const TASK_NOTIFICATION =
  /^<task-notification>[\s\S]*?<tool-use-id>([^<]+)<\/tool-use-id>[\s\S]*?<status>([^<]+)<\/status>/;

/** The content of one checked entry of a conversation type; null when it is not usable. */
export function entryContent(type: string, entry: Record<string, unknown>): EntryContent | null {
  switch (type) {
    case 'user':
    case 'assistant': {
      const frame = classifyFrame(entry);
      if (frame.kind === 'assistant') return assistantContent(frame.model, frame.id, frame.content);
      if (frame.kind === 'user') return userContent(entry, frame.content);
      return null;
    }
    case 'system':
      return systemContent(entry);
    case 'attachment':
      return attachmentContent(entry);
    default:
      return NOTHING;
  }
}

function assistantContent(model: string | null, id: string, content: ContentBlock[]): EntryContent {
  // An API error is written as a message the CLI made up itself; live it becomes the turn's error.
  if (model === '<synthetic>') {
    const text = textOfContent(content);
    return text ? only({ type: 'error', message: text, subtype: 'api_error' }) : NOTHING;
  }
  const events: AgentEvent[] = [];
  for (const block of content) {
    switch (block.type) {
      case 'text':
        if (block.text)
          events.push({
            type: 'assistant_text',
            text: block.text,
            parent_tool_use_id: null,
            message_id: id,
          });
        break;
      case 'thinking':
        if (block.thinking)
          events.push({
            type: 'thinking',
            text: block.thinking,
            parent_tool_use_id: null,
            message_id: id,
          });
        break;
      case 'tool_use':
        events.push({
          type: 'tool_use',
          id: block.id,
          name: block.name,
          input: block.input,
          parent_tool_use_id: null,
        });
        break;
    }
  }
  return { ...NOTHING, events, messageId: id, model };
}

function userContent(
  entry: Record<string, unknown>,
  content: string | ContentBlock[],
): EntryContent {
  if (typeof content !== 'string' && content.some((b) => b.type === 'tool_result')) {
    return toolResultContent(entry, content);
  }
  const text = textOfContent(content);
  if (text.startsWith(INTERRUPT_MARKER)) {
    return only({ type: 'error', message: INTERRUPTED_MESSAGE, subtype: 'error_during_execution' });
  }
  const local = localCommandOutput(text);
  if (local !== null) return only({ type: 'command_output', text: local });
  const notification = TASK_NOTIFICATION.exec(text);
  if (notification) {
    return { ...NOTHING, taskStatus: { toolUseId: notification[1]!, status: notification[2]! } };
  }
  if (!typedByUser(entry, text)) return NOTHING;
  // Its uuid, as stdout replays it: what rewinding and forking name.
  const uuid = str(entry['uuid']);
  return { ...only({ type: 'user_message', text, ...(uuid ? { uuid } : {}) }), prompt: text };
}

/**
 * Whether a text entry is something the user typed: not one the CLI adds for the model (meta
 * notes, the compaction summary, notifications from tasks) nor the echo of a slash command, which
 * stdout does not replay either.
 */
function typedByUser(entry: Record<string, unknown>, text: string): boolean {
  if (!text || entry['isMeta'] === true || entry['isCompactSummary'] === true) return false;
  const origin = entry['origin'];
  if (isRecord(origin) && origin['kind'] !== 'human') return false;
  return !text.startsWith('<command-name>') && !text.startsWith('<local-command-');
}

function toolResultContent(entry: Record<string, unknown>, content: ContentBlock[]): EntryContent {
  const events: AgentEvent[] = [];
  for (const block of content) {
    if (block.type !== 'tool_result') continue;
    events.push({
      type: 'tool_result',
      tool_use_id: block.tool_use_id,
      content: block.content,
      is_error: block.is_error,
      parent_tool_use_id: null,
    });
  }
  // The Agent tool's structured result names the subagent that ran (one result per such entry).
  const result = isRecord(entry['toolUseResult']) ? entry['toolUseResult'] : {};
  const agentId = str(result['agentId']);
  const first = events[0];
  const agentRun =
    agentId && first?.type === 'tool_result'
      ? { agentId, toolUseId: first.tool_use_id, status: str(result['status']) }
      : null;
  return { ...NOTHING, events, agentRun };
}

function systemContent(entry: Record<string, unknown>): EntryContent | null {
  const subtype = str(entry['subtype']);
  if (subtype === null) return null;
  if (subtype === 'compact_boundary') {
    const boundary = compactionBoundaryEvent(entry);
    return boundary ? only(boundary) : null;
  }
  // Older CLIs wrote a local command's output as a system entry.
  const local = localCommandOutput(str(entry['content']) ?? '');
  return local !== null ? only({ type: 'command_output', text: local }) : NOTHING;
}

function attachmentContent(entry: Record<string, unknown>): EntryContent | null {
  const attachment = entry['attachment'];
  if (!isRecord(attachment)) return null;
  if (attachment['type'] !== 'max_turns_reached') return NOTHING;
  const maxTurns = attachment['maxTurns'];
  // The words of the CLI's own error for this turn on stdout.
  const message =
    typeof maxTurns === 'number'
      ? `Reached maximum number of turns (${maxTurns})`
      : 'Reached maximum number of turns';
  return only({ type: 'error', message, subtype: 'error_max_turns' });
}

function only(event: AgentEvent): EntryContent {
  return { ...NOTHING, events: [event] };
}
