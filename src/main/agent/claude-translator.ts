import type { AgentEvent, Usage } from '../../shared/agent-event';
import type { ContentBlock, Delta, StreamEvent, StreamFrame } from '../../shared/stream-frame';
import { mayNestDeeperThan, nestsDeeperThan } from './nesting-depth';
import { isRecord } from '../../shared/is-record';
import { parseFrame, textOfContent } from './parse-frame';
import { num, str, strings } from '../../shared/json-fields';
import { McpFailures } from './mcp-failures';
import { Retractions } from './retractions';
import { slashCommandsOf } from './session-facts';
import {
  apiRetryEvent,
  backgroundTasksEvent,
  cliNoticeEvent,
  compactionBoundaryEvent,
  modelFallbackEvent,
  rateLimitEvent,
  sessionIdentity,
  sessionStartedEvent,
  statusEvent,
  subagentEvent,
} from './system-frames';

/**
 * Claude Code stream-json → AgentEvent, one instance per session.
 *
 * Rules beyond the original translator, from what the CLI does:
 * - `tool_use` is emitted at the complete `assistant` frame or at `content_block_stop`, whichever
 *   comes first, once per id: the CLI runs a tool (and prints its result) before the stream's
 *   `content_block_stop` for it.
 * - With partial messages on, text arrives as deltas and again in the complete `assistant` frame;
 *   a message whose stream was seen contributes its text only through the deltas.
 * - An API error is a `<synthetic>` assistant message followed by an error `result`: its text
 *   becomes that one `error` event's message, never assistant text.
 * - Replayed user messages are delivery receipts (`user_message`), not content.
 * It takes frames the frames stage (parse-frame.ts) checked: anything else yields no event.
 */

type OpenBlock =
  | { type: 'text' | 'thinking' | 'other' }
  | { type: 'tool_use'; id: string; name: string; json: string; input: Record<string, unknown> };

interface MessageStream {
  blocks: Map<number, OpenBlock>;
  /** The API message being streamed (null when its start was not seen). */
  messageId: string | null;
}

type FrameOf<K extends StreamFrame['kind']> = StreamFrame & { kind: K };

/** How the CLI echoes what a local slash command (e.g. /compact, /cost) printed. */
const LOCAL_COMMAND_OUTPUT = /^<local-command-stdout>([\s\S]*)<\/local-command-stdout>$/;

/** What a local slash command printed, when `text` is the CLI's echo of it; else null. */
export function localCommandOutput(text: string): string | null {
  const local = LOCAL_COMMAND_OUTPUT.exec(text);
  return local ? local[1]!.trim() : null;
}

/**
 * How the CLI echoes a slash command it ran itself (`/context`): `<command-name>/context</command-name>`,
 * `<command-message>`, `<command-args>`, each on a line of its own.
 */
const SLASH_COMMAND_ECHO =
  /^<command-name>([^<]*)<\/command-name>\s*<command-message>[^<]*<\/command-message>\s*<command-args>([^<]*)<\/command-args>$/;

/** The command line the user typed (`/context`, `/model opus`), when `text` is the CLI's echo of it. */
export function slashCommandEcho(text: string): string | null {
  const echo = SLASH_COMMAND_ECHO.exec(text.trim());
  if (!echo) return null;
  const name = echo[1]!.trim();
  const args = echo[2]!.trim();
  return args ? `${name} ${args}` : name;
}

/** The user's word for a turn the user stopped (an interrupt, or a denial that interrupts). */
export const INTERRUPTED_MESSAGE = 'Interrupted: the turn was stopped before it finished.';

export class ClaudeTranslator {
  /** Open content blocks of the message being streamed, per parent_tool_use_id ('' = top level). */
  private streams = new Map<string, MessageStream>();
  /** Ids of messages seen through stream events this turn: their complete frames repeat them. */
  private streamedMessages = new Set<string>();
  private emittedToolUses = new Set<string>();
  private emittedToolResults = new Set<string>();
  private turnText = '';
  private syntheticError: string | null = null;
  private announced = '';
  private readonly mcpFailures = new McpFailures();
  private model = '';
  private lastCallUsage: Usage | null = null;
  private readonly retractions = new Retractions();

  /** Translates one line of output; anything but a valid frame of a known type yields nothing. */
  pushLine(line: string): AgentEvent[] {
    return this.push(parseFrame(line));
  }

  /** Translates one checked frame. */
  push(frame: StreamFrame): AgentEvent[] {
    const out: AgentEvent[] = [];
    this.dispatch(frame, out);
    return out;
  }

  /** End of the stream: what is still held back (an API error without its result). */
  end(): AgentEvent[] {
    if (this.syntheticError === null) return [];
    const message = this.syntheticError;
    this.resetTurn();
    return [{ type: 'error', message, subtype: 'api_error' }];
  }

  private dispatch(frame: StreamFrame, out: AgentEvent[]): void {
    switch (frame.kind) {
      case 'stream_event':
        return this.onStreamEvent(frame.event, frame.parent_tool_use_id, out);
      case 'assistant':
        return this.onAssistant(frame, out);
      case 'user':
        return this.onUser(frame, out);
      case 'result':
        return this.onResult(frame, out);
      case 'system':
        return this.onSystem(frame.subtype, frame.fields, out);
      case 'control_request':
        if (frame.permission) {
          out.push({
            type: 'permission_request',
            request_id: frame.request_id,
            ...frame.permission,
          });
        } else if (frame.elicitation) {
          out.push({
            type: 'elicitation_request',
            request_id: frame.request_id,
            ...frame.elicitation,
          });
        }
        return;
      case 'control_cancel_request':
        out.push({ type: 'permission_cancelled', request_id: frame.request_id });
        return;
      case 'rate_limit_event':
        out.push(rateLimitEvent(frame.info));
        return;
      case 'conversation_reset':
        this.resetTurn();
        this.retractions.clear();
        out.push({ type: 'conversation_reset', trigger: frame.trigger });
        return;
      case 'command_lifecycle':
        out.push({ type: 'prompt_state', uuid: frame.command_uuid, state: frame.state });
        return;
      case 'prompt_suggestion':
        if (frame.suggestion.trim())
          out.push({ type: 'prompt_suggestion', text: frame.suggestion });
        return;
    }
  }

  private onStreamEvent(event: StreamEvent, parent: string | null, out: AgentEvent[]): void {
    const key = parent ?? '';
    switch (event.type) {
      case 'message_start':
        if (event.role === 'user') {
          this.emitToolResults(event.content, parent, out);
          return;
        }
        this.streamedMessages.add(event.id);
        this.streams.set(key, { blocks: new Map(), messageId: event.id });
        return;
      case 'content_block_start':
        return this.onBlockStart(key, event.index, event.block, parent, out);
      case 'content_block_delta':
        return this.onBlockDelta(key, event.index, event.delta, parent, out);
      case 'content_block_stop': {
        const stream = this.streams.get(key);
        if (!stream) return;
        const block = stream.blocks.get(event.index);
        stream.blocks.delete(event.index);
        if (block?.type === 'tool_use') this.emitStreamedToolUse(block, parent, out);
        return;
      }
    }
  }

  private onBlockStart(
    key: string,
    index: number,
    block: ContentBlock,
    parent: string | null,
    out: AgentEvent[],
  ): void {
    let stream = this.streams.get(key);
    if (!stream) {
      stream = { blocks: new Map(), messageId: null };
      this.streams.set(key, stream);
    }
    switch (block.type) {
      case 'text':
        stream.blocks.set(index, { type: 'text' });
        this.emitText(block.text, parent, out, stream.messageId);
        return;
      case 'thinking':
        stream.blocks.set(index, { type: 'thinking' });
        this.emitThinking(block.thinking, parent, out, stream.messageId);
        return;
      case 'tool_use':
        stream.blocks.set(index, {
          type: 'tool_use',
          id: block.id,
          name: block.name,
          json: '',
          input: block.input,
        });
        return;
      default:
        stream.blocks.set(index, { type: 'other' });
    }
  }

  private onBlockDelta(
    key: string,
    index: number,
    delta: Delta,
    parent: string | null,
    out: AgentEvent[],
  ): void {
    const stream = this.streams.get(key);
    const block = stream?.blocks.get(index);
    if (!stream || !block) return;
    switch (delta.type) {
      case 'text_delta':
        if (block.type === 'text') this.emitText(delta.text, parent, out, stream.messageId);
        return;
      case 'thinking_delta':
        if (block.type === 'thinking')
          this.emitThinking(delta.thinking, parent, out, stream.messageId);
        return;
      case 'input_json_delta':
        if (block.type === 'tool_use') block.json += delta.partial_json;
        return;
    }
  }

  private onAssistant(frame: FrameOf<'assistant'>, out: AgentEvent[]): void {
    if (frame.model === '<synthetic>') {
      const text = textOfContent(frame.content);
      if (text)
        this.syntheticError = this.syntheticError ? `${this.syntheticError}\n${text}` : text;
      return;
    }
    const parent = frame.parent_tool_use_id;
    // What this message replaces goes before it shows.
    this.retract(frame.supersedes, out);
    if (frame.uuid) {
      this.retractions.remember(frame.uuid, {
        messageId: frame.id,
        toolUseIds: frame.content.flatMap((block) => (block.type === 'tool_use' ? [block.id] : [])),
      });
    }
    // The context is what the main conversation's latest API call read; a turn's result sums
    // every call of the turn, which overstates it.
    if (parent === null && frame.usage) this.lastCallUsage = parseUsage(frame.usage);
    const streamed = this.streamedMessages.has(frame.id);
    for (const block of frame.content) {
      switch (block.type) {
        case 'text':
          if (!streamed) this.emitText(block.text, parent, out, frame.id);
          break;
        case 'thinking':
          if (!streamed) this.emitThinking(block.thinking, parent, out, frame.id);
          break;
        case 'tool_use':
          this.emitToolUse(block.id, block.name, block.input, parent, out);
          break;
      }
    }
    // Marks the text it got to (the last text shown), so only when it had any.
    if (frame.aborted && frame.content.some((block) => block.type === 'text' && block.text)) {
      out.push({ type: 'message_aborted', parent_tool_use_id: parent });
    }
  }

  private onUser(frame: FrameOf<'user'>, out: AgentEvent[]): void {
    if (frame.is_replay) {
      const said = textOfContent(frame.content);
      const text = slashCommandEcho(said) ?? said;
      const local = localCommandOutput(said);
      const images = imagesIn(frame.content);
      out.push(
        local !== null
          ? { type: 'command_output', text: local }
          : {
              type: 'user_message',
              text,
              ...(frame.uuid ? { uuid: frame.uuid } : {}),
              ...(images ? { images } : {}),
            },
      );
      return;
    }
    if (frame.uuid && typeof frame.content !== 'string') {
      this.retractions.remember(frame.uuid, {
        toolUseIds: frame.content.flatMap((block) =>
          block.type === 'tool_result' ? [block.tool_use_id] : [],
        ),
      });
    }
    this.emitToolResults(frame.content, frame.parent_tool_use_id, out);
  }

  private retract(uuids: readonly string[], out: AgentEvent[]): void {
    const retracted = uuids.length ? this.retractions.retract(uuids) : null;
    if (retracted) out.push(retracted);
  }

  private onResult(frame: FrameOf<'result'>, out: AgentEvent[]): void {
    const { subtype, result, fields } = frame;
    const cost: AgentEvent & { type: 'cost' } = {
      type: 'cost',
      cost_usd: num(fields['total_cost_usd']) ?? num(fields['cost_usd']) ?? 0,
      usage: parseUsage(fields['usage']),
    };
    const contextWindow = this.contextWindow(fields['modelUsage']);
    if (contextWindow !== undefined) cost.context_window = contextWindow;
    const durationMs = num(fields['duration_ms']);
    if (durationMs !== null) cost.duration_ms = durationMs;
    const numTurns = num(fields['num_turns']);
    if (numTurns !== null) cost.num_turns = numTurns;
    if (this.lastCallUsage) cost.context_tokens = contextTokens(this.lastCallUsage);
    const isError = frame.is_error || subtype.startsWith('error');
    // A local command (/cost, /context) prints through a `<synthetic>` message: output, no error.
    if (!isError && this.syntheticError !== null) {
      out.push({ type: 'command_output', text: this.syntheticError });
    }
    out.push(cost);

    if (isError) {
      // An API error's result says subtype "success": name what really happened.
      const kind = this.syntheticError !== null || subtype === 'success' ? 'api_error' : subtype;
      out.push({ type: 'error', message: this.errorMessage(fields, kind, result), subtype: kind });
    } else {
      out.push({ type: 'done', response: result ?? this.turnText });
    }
    this.resetTurn();
  }

  private errorMessage(frame: Record<string, unknown>, subtype: string, result: string | null) {
    if (this.syntheticError) return this.syntheticError;
    if (result) return result;
    // The CLI adds internal diagnostics ("[ede_diagnostic] …") that mean nothing to the user.
    const errors = strings(frame['errors'])
      .filter((e) => !e.startsWith('['))
      .join('\n');
    switch (subtype) {
      case 'error_max_turns':
        return errors || 'Claude stopped: the turn reached its maximum number of turns.';
      case 'error_during_execution':
        if (str(frame['terminal_reason'])?.startsWith('aborted')) {
          return INTERRUPTED_MESSAGE;
        }
        return errors || 'The turn stopped with an error while it ran.';
      default:
        return errors || `The turn failed (${subtype || 'unknown error'}).`;
    }
  }

  private onSystem(subtype: string, frame: Record<string, unknown>, out: AgentEvent[]): void {
    let event: AgentEvent | null = null;
    switch (subtype) {
      case 'init':
        return this.onInit(frame, out);
      case 'status':
        event = statusEvent(frame);
        break;
      case 'compact_boundary':
        event = compactionBoundaryEvent(frame);
        break;
      case 'commands_changed': {
        const commands = slashCommandsOf(frame['commands']);
        if (commands) event = { type: 'slash_commands', commands };
        break;
      }
      case 'task_started':
      case 'task_progress':
      case 'task_updated':
      case 'task_notification':
        event = subagentEvent(subtype, frame);
        break;
      case 'background_tasks_changed':
        event = backgroundTasksEvent(frame);
        break;
      case 'api_retry':
        event = apiRetryEvent(frame);
        break;
      case 'model_refusal_fallback':
        // The refused reply goes; the switch to the fallback model is told as a model_fallback.
        this.retract(strings(frame['retracted_message_uuids']), out);
        event = modelFallbackEvent(frame);
        break;
      case 'model_fallback':
        event = modelFallbackEvent(frame);
        break;
      case 'informational':
        event = cliNoticeEvent(frame);
        break;
    }
    if (event) out.push(event);
  }

  private onInit(frame: Record<string, unknown>, out: AgentEvent[]): void {
    const failed = this.mcpFailures.fromInit(frame['mcp_servers']);
    if (failed) out.push(failed);
    // The CLI repeats its init on every turn: the event (its tool and command lists) is built
    // only when it says something new.
    const identity = sessionIdentity(frame);
    this.model = identity.model;
    const key = `${identity.session_id}\n${identity.model}\n${identity.permission_mode}`;
    if (key === this.announced) return;
    this.announced = key;
    out.push(sessionStartedEvent(frame, identity));
  }

  private emitText(
    text: string,
    parent: string | null,
    out: AgentEvent[],
    messageId: string | null,
  ): void {
    if (!text) return;
    if (parent === null) this.turnText += text;
    out.push(ofMessage({ type: 'assistant_text', text, parent_tool_use_id: parent }, messageId));
  }

  private emitThinking(
    text: string,
    parent: string | null,
    out: AgentEvent[],
    messageId: string | null,
  ): void {
    if (text)
      out.push(ofMessage({ type: 'thinking', text, parent_tool_use_id: parent }, messageId));
  }

  private emitStreamedToolUse(
    block: OpenBlock & { type: 'tool_use' },
    parent: string | null,
    out: AgentEvent[],
  ): void {
    this.emitToolUse(block.id, block.name, streamedInput(block), parent, out);
  }

  private emitToolUse(
    id: string,
    name: string,
    input: Record<string, unknown>,
    parent: string | null,
    out: AgentEvent[],
  ): void {
    if (this.emittedToolUses.has(id)) return;
    this.emittedToolUses.add(id);
    out.push({ type: 'tool_use', id, name, input, parent_tool_use_id: parent });
  }

  private emitToolResults(
    content: string | ContentBlock[],
    parent: string | null,
    out: AgentEvent[],
  ): void {
    if (typeof content === 'string') return;
    for (const block of content) {
      if (block.type !== 'tool_result') continue;
      const toolUseId = block.tool_use_id;
      if (this.emittedToolResults.has(toolUseId)) continue;
      this.emittedToolResults.add(toolUseId);
      // A result whose use is still streaming: its use goes out first, as far as it got.
      if (!this.emittedToolUses.has(toolUseId)) this.flushOpenToolUse(toolUseId, out);
      out.push({
        type: 'tool_result',
        tool_use_id: toolUseId,
        content: block.content,
        is_error: block.is_error,
        parent_tool_use_id: parent,
      });
    }
  }

  private flushOpenToolUse(toolUseId: string, out: AgentEvent[]): void {
    for (const [key, stream] of this.streams) {
      for (const block of stream.blocks.values()) {
        if (block.type === 'tool_use' && block.id === toolUseId) {
          this.emitStreamedToolUse(block, key === '' ? null : key, out);
          return;
        }
      }
    }
  }

  private contextWindow(modelUsage: unknown): number | undefined {
    if (!isRecord(modelUsage)) return undefined;
    const own = modelUsage[this.model];
    const ownWindow = isRecord(own) ? num(own['contextWindow']) : null;
    if (ownWindow !== null) return ownWindow;
    let largest: number | undefined;
    for (const usage of Object.values(modelUsage)) {
      const window = isRecord(usage) ? num(usage['contextWindow']) : null;
      if (window !== null && (largest === undefined || window > largest)) largest = window;
    }
    return largest;
  }

  private resetTurn(): void {
    this.streams.clear();
    this.streamedMessages.clear();
    this.emittedToolUses.clear();
    this.emittedToolResults.clear();
    this.turnText = '';
    this.syntheticError = null;
    // A turn without API calls (a local command) says nothing about the context.
    this.lastCallUsage = null;
  }
}

/** The image blocks of a prompt (pasted or dropped images), which its text does not show. */
function imagesIn(content: string | ContentBlock[]): number {
  if (typeof content === 'string') return 0;
  return content.filter((block) => block.type === 'other' && block.block_type === 'image').length;
}

/** `event`, naming the API message it is part of when that is known. */
function ofMessage(
  event: AgentEvent & { type: 'assistant_text' | 'thinking' },
  messageId: string | null,
): AgentEvent {
  // Set, not spread: this runs for every streamed text delta, and a spread copies the object.
  if (messageId) event.message_id = messageId;
  return event;
}

function streamedInput(block: OpenBlock & { type: 'tool_use' }): Record<string, unknown> {
  if (block.json === '') return block.input;
  try {
    const parsed: unknown = JSON.parse(block.json);
    // Input assembled from deltas is as untrusted as a frame, and bounded the same way.
    if (isRecord(parsed) && !(mayNestDeeperThan(block.json) && nestsDeeperThan(parsed)))
      return parsed;
  } catch {
    // Fall through: keep what arrived rather than lose it.
  }
  return { unparsed_input: block.json };
}

function contextTokens(usage: Usage): number {
  return (
    usage.input_tokens +
    usage.cache_creation_input_tokens +
    usage.cache_read_input_tokens +
    usage.output_tokens
  );
}

function parseUsage(value: unknown): Usage {
  const usage = isRecord(value) ? value : {};
  return {
    input_tokens: num(usage['input_tokens']) ?? 0,
    output_tokens: num(usage['output_tokens']) ?? 0,
    cache_creation_input_tokens: num(usage['cache_creation_input_tokens']) ?? 0,
    cache_read_input_tokens: num(usage['cache_read_input_tokens']) ?? 0,
  };
}
