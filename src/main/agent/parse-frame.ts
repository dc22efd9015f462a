import type {
  ContentBlock,
  Delta,
  ElicitationAsk,
  PermissionAsk,
  StreamEvent,
  StreamFrame,
} from '../../shared/stream-frame';
import { MAX_NESTING_DEPTH, mayNestDeeperThan, nestsDeeperThan } from './nesting-depth';
import { isRecord } from '../../shared/is-record';
import { bool, num, str, strings } from '../../shared/json-fields';
import { stripTerminalCodes } from '../../shared/strip-terminal-codes';

/**
 * The frames stage: one line of CLI output → one checked `StreamFrame`. This is the only place
 * that parses and validates what the CLI prints; the session, the permission gate and the
 * translator all take its typed result. Never throws.
 */

const MALFORMED: StreamFrame = { kind: 'malformed' };

export function parseFrame(line: string): StreamFrame {
  // Cheap pre-check: frames are JSON objects, and most garbage (warnings, escapes) is not.
  const first = line.charCodeAt(0) === 0x7b ? 0 : line.search(/\S/);
  if (first === -1 || line.charCodeAt(first) !== 0x7b) return MALFORMED;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return MALFORMED;
  }
  if (!isRecord(value)) return MALFORMED;
  return mayNestDeeperThan(line) ? classifyFrame(value) : classifyShallow(value);
}

/** A required field that is missing or of the wrong type; caught in classifyFrame. */
class InvalidFrame extends Error {}

/** Classifies and checks an already-parsed JSON object. */
export function classifyFrame(value: Record<string, unknown>): StreamFrame {
  if (nestsDeeperThan(value)) {
    return invalid(
      value,
      str(value['type']) ?? '',
      `nested deeper than ${MAX_NESTING_DEPTH} levels`,
    );
  }
  return classifyShallow(value);
}

/** classifyFrame for a value known not to nest too deep. */
function classifyShallow(value: Record<string, unknown>): StreamFrame {
  const type = str(value['type']);
  try {
    return classifyKnown(value, type);
  } catch (error) {
    if (!(error instanceof InvalidFrame)) throw error;
    return invalid(value, type ?? '', error.message);
  }
}

function invalid(value: Record<string, unknown>, type: string, problem: string): StreamFrame {
  const requestId = type === 'control_request' ? str(value['request_id']) : null;
  return { kind: 'invalid', type_name: type, problem, request_id: requestId };
}

function classifyKnown(value: Record<string, unknown>, type: string | null): StreamFrame {
  switch (type) {
    case 'system': {
      const subtype = need(str(value['subtype']), 'subtype');
      checkSystem(subtype, value);
      return { kind: 'system', subtype, fields: value };
    }
    case 'stream_event':
      return {
        kind: 'stream_event',
        event: streamEvent(need(record(value['event']), 'event')),
        parent_tool_use_id: parentId(value),
      };
    case 'assistant': {
      // Required: what shows the message (its content, and where it nests) and what keeps it from
      // showing twice (its id). The rest only refines it, so a frame lacking it, or carrying it
      // in another shape, still shows: dropping a whole reply over its model name loses output.
      const message = need(record(value['message']), 'message');
      return {
        kind: 'assistant',
        id: need(str(message['id']), 'message.id'),
        model: str(message['model']),
        content: blocks(need(array(message['content']), 'message.content')),
        parent_tool_use_id: parentId(value),
        usage: record(message['usage']),
        aborted: bool(value['aborted']) ?? false,
        uuid: str(value['uuid']),
        supersedes: strings(value['supersedes']),
      };
    }
    case 'user': {
      const message = need(record(value['message']), 'message');
      return {
        kind: 'user',
        content: userContent(message['content']),
        is_replay: optional(value['isReplay'], bool, 'isReplay') ?? false,
        parent_tool_use_id: parentId(value),
        uuid: optional(value['uuid'], str, 'uuid'),
      };
    }
    case 'result':
      optional(value['total_cost_usd'], num, 'total_cost_usd');
      optional(value['usage'], record, 'usage');
      return {
        kind: 'result',
        subtype: need(str(value['subtype']), 'subtype'),
        result: optional(value['result'], str, 'result'),
        is_error: need(bool(value['is_error']), 'is_error'),
        fields: value,
      };
    case 'control_request':
      return controlRequest(value);
    case 'control_response': {
      const response = need(record(value['response']), 'response');
      const subtype = need(str(response['subtype']), 'response.subtype');
      return {
        kind: 'control_response',
        request_id: need(str(response['request_id']), 'response.request_id'),
        error: subtype === 'error' ? (str(response['error']) ?? '') : null,
        response: record(response['response']) ?? {},
      };
    }
    case 'control_cancel_request':
      return {
        kind: 'control_cancel_request',
        request_id: need(str(value['request_id']), 'request_id'),
      };
    case 'rate_limit_event': {
      const info = need(
        record(value['rate_limit_info'] ?? value['rateLimitInfo']),
        'rate_limit_info',
      );
      // Without its status a rate limit would show as one of unknown kind.
      need(str(info['status']), 'rate_limit_info.status');
      return { kind: 'rate_limit_event', info };
    }
    case 'keep_alive':
      return { kind: 'keep_alive' };
    case 'conversation_reset':
      return { kind: 'conversation_reset', trigger: str(value['trigger']) ?? 'clear' };
    case 'command_lifecycle':
      return {
        kind: 'command_lifecycle',
        command_uuid: need(str(value['command_uuid']), 'command_uuid'),
        state: need(str(value['state']), 'state'),
      };
    case 'prompt_suggestion':
      return {
        kind: 'prompt_suggestion',
        suggestion: need(str(value['suggestion']), 'suggestion'),
      };
    default:
      return { kind: 'other', type_name: type ?? '' };
  }
}

/**
 * What each `system` subtype the translator reads cannot do without. Lacking it, the frame would
 * show something wrong (a session id of '', a list of background tasks emptied) or nothing at all
 * while counting as handled: it is invalid instead, and shows in the raw view. Subtypes not
 * listed here need nothing beyond their subtype.
 */
function checkSystem(subtype: string, value: Record<string, unknown>): void {
  switch (subtype) {
    case 'init':
      need(str(value['session_id']), 'session_id');
      need(str(value['model']), 'model');
      return;
    case 'status':
      // null is the CLI's word for no status (compacting ended): it comes as null, never left out.
      if (value['status'] !== null) need(str(value['status']), 'status');
      return;
    case 'compact_boundary': {
      // snake_case on stdout, camelCase as the on-disk transcript writes it: either will do.
      const meta = need(
        record(value['compact_metadata'] ?? value['compactMetadata']),
        'compact_metadata',
      );
      need(str(meta['trigger']), 'compact_metadata.trigger');
      need(num(meta['pre_tokens'] ?? meta['preTokens']), 'compact_metadata.pre_tokens');
      return;
    }
    case 'commands_changed':
      need(array(value['commands']), 'commands');
      return;
    case 'task_started':
    case 'task_progress':
    case 'task_updated':
    case 'task_notification':
      need(str(value['task_id']), 'task_id');
      return;
    case 'background_tasks_changed':
      need(array(value['tasks']), 'tasks');
      return;
    case 'api_retry':
      need(num(value['attempt']), 'attempt');
      need(num(value['max_retries']), 'max_retries');
      return;
    case 'model_refusal_fallback':
      need(array(value['retracted_message_uuids']), 'retracted_message_uuids');
      need(str(value['fallback_model']), 'fallback_model');
      return;
    case 'model_fallback':
      need(str(value['fallback_model']), 'fallback_model');
      return;
  }
}

function controlRequest(value: Record<string, unknown>): StreamFrame {
  const requestId = need(str(value['request_id']), 'request_id');
  const request = need(record(value['request']), 'request');
  const subtype = need(str(request['subtype']), 'request.subtype');
  let permission: PermissionAsk | null = null;
  if (subtype === 'can_use_tool') {
    permission = {
      tool_name: need(str(request['tool_name']), 'request.tool_name'),
      input: need(record(request['input']), 'request.input'),
      suggestions: (optional(request['permission_suggestions'], array, 'suggestions') ?? []).filter(
        isRecord,
      ),
    };
    const toolUseId = optional(request['tool_use_id'], str, 'request.tool_use_id');
    if (toolUseId) permission.tool_use_id = toolUseId;
    const description = optional(request['description'], str, 'request.description');
    if (description) permission.description = description;
    const blockedPath = optional(request['blocked_path'], str, 'request.blocked_path');
    if (blockedPath) permission.blocked_path = blockedPath;
    readPromptDetails(request, permission);
  }
  const elicitation = subtype === 'elicitation' ? elicitationAsk(request) : null;
  return { kind: 'control_request', request_id: requestId, subtype, permission, elicitation };
}

function elicitationAsk(request: Record<string, unknown>): ElicitationAsk {
  const ask: ElicitationAsk = {
    server_name: need(str(request['mcp_server_name']), 'request.mcp_server_name'),
    message: need(str(request['message']), 'request.message'),
    mode: optional(request['mode'], str, 'request.mode') === 'url' ? 'url' : 'form',
  };
  if (ask.mode === 'url') ask.url = need(str(request['url']), 'request.url');
  const schema = optional(request['requested_schema'], record, 'request.requested_schema');
  if (schema) ask.requested_schema = schema;
  const order = optional(request['property_order'], array, 'request.property_order');
  if (order) ask.property_order = strings(order);
  for (const key of ['elicitation_id', 'title', 'display_name', 'description'] as const) {
    const value = optional(request[key], str, `request.${key}`);
    if (value) ask[key] = value;
  }
  return ask;
}

/** What the CLI says about how to ask: its own wording, who asks, and what it advises. */
function readPromptDetails(request: Record<string, unknown>, permission: PermissionAsk): void {
  for (const key of ['title', 'display_name', 'agent_id'] as const) {
    const value = optional(request[key], str, `request.${key}`);
    if (value) permission[key] = value;
  }
  // The CLI colours its reasons for a terminal; a dialog shows the words.
  const reason = optional(request['decision_reason'], str, 'request.decision_reason');
  const plainReason = reason && stripTerminalCodes(reason).trim();
  if (plainReason) permission.decision_reason = plainReason;
  for (const key of ['suppress_always_allow_rule', 'default_to_no'] as const) {
    if (optional(request[key], bool, `request.${key}`)) permission[key] = true;
  }
}

function streamEvent(event: Record<string, unknown>): StreamEvent {
  const type = need(str(event['type']), 'event.type');
  switch (type) {
    case 'message_start': {
      const message = need(record(event['message']), 'event.message');
      if (message['role'] === 'user') {
        return { type, role: 'user', content: userContent(message['content']) };
      }
      // The id is what tells the complete frame that repeats this message to show nothing twice.
      return { type, role: 'assistant', id: need(str(message['id']), 'event.message.id') };
    }
    case 'content_block_start':
      return {
        type,
        index: need(num(event['index']), 'event.index'),
        block: block(event['content_block']),
      };
    case 'content_block_delta':
      return {
        type,
        index: need(num(event['index']), 'event.index'),
        delta: delta(need(record(event['delta']), 'event.delta')),
      };
    case 'content_block_stop':
      return { type, index: need(num(event['index']), 'event.index') };
    default:
      return { type: 'other', event_type: type };
  }
}

function delta(value: Record<string, unknown>): Delta {
  const type = need(str(value['type']), 'delta.type');
  switch (type) {
    case 'text_delta':
      return { type, text: need(str(value['text']), 'delta.text') };
    case 'thinking_delta':
      return { type, thinking: need(str(value['thinking']), 'delta.thinking') };
    case 'input_json_delta':
      return { type, partial_json: need(str(value['partial_json']), 'delta.partial_json') };
    default:
      return { type: 'other', delta_type: type };
  }
}

function userContent(value: unknown): string | ContentBlock[] {
  return typeof value === 'string' ? value : blocks(need(array(value), 'message.content'));
}

function blocks(values: unknown[]): ContentBlock[] {
  return values.map(block);
}

function block(value: unknown): ContentBlock {
  const b = need(record(value), 'content block');
  const type = need(str(b['type']), 'content block type');
  switch (type) {
    case 'text':
      return { type, text: need(str(b['text']), 'text block text') };
    case 'thinking':
      return { type, thinking: need(str(b['thinking']), 'thinking block text') };
    case 'tool_use':
      return {
        type,
        id: need(str(b['id']), 'tool_use id'),
        name: need(str(b['name']), 'tool_use name'),
        input: need(record(b['input']), 'tool_use input'),
      };
    case 'tool_result':
      return {
        type,
        tool_use_id: need(str(b['tool_use_id']), 'tool_result tool_use_id'),
        content: b['content'] ?? '',
        is_error: optional(b['is_error'], bool, 'tool_result is_error') ?? false,
      };
    default:
      return { type: 'other', block_type: type };
  }
}

function parentId(value: Record<string, unknown>): string | null {
  return optional(value['parent_tool_use_id'], str, 'parent_tool_use_id');
}

function need<T>(value: T | null, field: string): T {
  if (value === null) throw new InvalidFrame(`${field} is missing or of the wrong type`);
  return value;
}

/** Absent (undefined or null) is fine; present must have the right type. */
function optional<T>(value: unknown, check: (v: unknown) => T | null, field: string): T | null {
  if (value === undefined || value === null) return null;
  return need(check(value), field);
}

function record(value: unknown): Record<string, unknown> | null {
  return isRecord(value) ? value : null;
}

function array(value: unknown): unknown[] | null {
  return Array.isArray(value) ? value : null;
}

/** The text blocks of a message content, joined. */
export function textOfContent(content: string | ContentBlock[]): string {
  if (typeof content === 'string') return content;
  let text = '';
  for (const b of content) if (b.type === 'text') text += b.text;
  return text;
}
