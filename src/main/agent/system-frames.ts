import type { AgentEvent, BackgroundTaskRef } from '../../shared/agent-event';
import { isRecord } from '../../shared/is-record';
import { num, str, strings } from '../../shared/json-fields';

/**
 * The CLI's `system` frames (and its `rate_limit_event` notice), read into AgentEvents. Each reader
 * sees one frame and nothing else; what depends on earlier frames (an init said again, the
 * messages a refusal retracts) stays with the translator. A field of the wrong type is left out;
 * a frame without what its event cannot do without yields none.
 */

/**
 * The `system` subtypes the translator reads (`onSystem`). Known, with nothing to show:
 * `thinking_tokens` (a running estimate while thinking streams) and `session_title_changed` (the
 * CLI's own title for the session; the block keeps the user's or its first prompt). Any other the
 * session counts as unhandled, so it shows in the raw view.
 */
export const SYSTEM_SUBTYPES: ReadonlySet<string> = new Set([
  'init',
  'status',
  'compact_boundary',
  'commands_changed',
  'task_started',
  'task_progress',
  'task_updated',
  'task_notification',
  'background_tasks_changed',
  'api_retry',
  'model_fallback',
  'model_refusal_fallback',
  'informational',
  'thinking_tokens',
  'session_title_changed',
]);

type EventOf<K extends AgentEvent['type']> = AgentEvent & { type: K };

/** What an `init` says the session is: the translator says it again only when this changes. */
export interface SessionIdentity {
  session_id: string;
  model: string;
  permission_mode: string;
}

export function sessionIdentity(frame: Record<string, unknown>): SessionIdentity {
  return {
    session_id: str(frame['session_id']) ?? '',
    model: str(frame['model']) ?? '',
    permission_mode: str(frame['permissionMode']) ?? 'default',
  };
}

/** `init`: the session as it starts (the translator says it once per session, model and mode). */
export function sessionStartedEvent(
  frame: Record<string, unknown>,
  identity = sessionIdentity(frame),
): EventOf<'session_started'> {
  const event: EventOf<'session_started'> = {
    type: 'session_started',
    session_id: identity.session_id,
    model: identity.model,
    cwd: str(frame['cwd']) ?? '',
    permission_mode: identity.permission_mode,
    tools: strings(frame['tools']),
    slash_commands: strings(frame['slash_commands']),
  };
  put(event, 'claude_code_version', str(frame['claude_code_version']));
  return event;
}

export function statusEvent(frame: Record<string, unknown>): EventOf<'status'> {
  const event: EventOf<'status'> = { type: 'status', status: str(frame['status']) };
  put(event, 'permission_mode', str(frame['permissionMode']));
  return event;
}

/**
 * The boundary a compaction left: stdout's `compact_boundary` carries `compact_metadata` in
 * snake_case, the on-disk transcript the same object as `compactMetadata` in camelCase.
 */
export function compactionBoundaryEvent(
  frame: Record<string, unknown>,
): EventOf<'compaction_boundary'> | null {
  const meta = field(frame, 'compact_metadata', 'compactMetadata');
  if (!isRecord(meta)) return null;
  const trigger = str(meta['trigger']);
  const preTokens = num(field(meta, 'pre_tokens', 'preTokens'));
  if (trigger === null || preTokens === null) return null;
  const event: EventOf<'compaction_boundary'> = {
    type: 'compaction_boundary',
    trigger,
    pre_tokens: preTokens,
  };
  put(event, 'post_tokens', num(field(meta, 'post_tokens', 'postTokens')));
  put(event, 'duration_ms', num(field(meta, 'duration_ms', 'durationMs')));
  return event;
}

/** `task_started`, `task_progress`, `task_updated` and `task_notification`: one subagent's news. */
export function subagentEvent(
  subtype: string,
  frame: Record<string, unknown>,
): EventOf<'subagent'> | null {
  const taskId = str(frame['task_id']);
  if (!taskId) return null;
  // task_updated says what changed in `patch`; progress reports mean it still runs.
  const patch = isRecord(frame['patch']) ? frame['patch'] : {};
  const status =
    str(frame['status']) ??
    str(patch['status']) ??
    (subtype === 'task_progress' ? 'running' : subtype.replace(/^task_/, ''));
  const event: EventOf<'subagent'> = { type: 'subagent', task_id: taskId, status };
  put(event, 'task_type', str(frame['task_type']));
  put(event, 'last_tool_name', str(frame['last_tool_name']));
  put(event, 'ended_at', num(patch['end_time']));
  put(event, 'tool_use_id', str(frame['tool_use_id']));
  // A progress report's description says what it does now ("Running …"), not what it is.
  if (subtype !== 'task_progress') put(event, 'description', str(frame['description']));
  put(event, 'summary', str(frame['summary']));
  return event;
}

/** `background_tasks_changed`: the tasks that run on now, entries without an id left out. */
export function backgroundTasksEvent(frame: Record<string, unknown>): EventOf<'background_tasks'> {
  const listed = Array.isArray(frame['tasks']) ? frame['tasks'] : [];
  const tasks: BackgroundTaskRef[] = [];
  for (const task of listed) {
    const taskId = isRecord(task) ? str(task['task_id']) : null;
    if (!isRecord(task) || !taskId) continue;
    const ref: BackgroundTaskRef = { task_id: taskId };
    put(ref, 'task_type', str(task['task_type']));
    put(ref, 'description', str(task['description']));
    tasks.push(ref);
  }
  return { type: 'background_tasks', tasks };
}

export function apiRetryEvent(frame: Record<string, unknown>): EventOf<'api_retry'> | null {
  const attempt = num(frame['attempt']);
  const maxRetries = num(frame['max_retries']);
  if (attempt === null || maxRetries === null) return null;
  const event: EventOf<'api_retry'> = { type: 'api_retry', attempt, max_retries: maxRetries };
  put(event, 'retry_delay_ms', num(frame['retry_delay_ms']));
  put(event, 'error_status', num(frame['error_status']));
  put(event, 'error', str(frame['error']));
  return event;
}

/** `model_fallback`, and the switch a `model_refusal_fallback` makes. */
export function modelFallbackEvent(
  frame: Record<string, unknown>,
): EventOf<'model_fallback'> | null {
  const to = str(frame['fallback_model']);
  if (!to) return null;
  const from = str(frame['original_model']) ?? '';
  const text = str(frame['content']) ?? `Switched to ${to}.`;
  return { type: 'model_fallback', from, to, text };
}

/** `informational`: a notice the CLI shows in its own transcript (`content`, `level`). */
export function cliNoticeEvent(frame: Record<string, unknown>): EventOf<'cli_notice'> | null {
  const text = str(frame['content'])?.trim();
  if (!text) return null;
  const event: EventOf<'cli_notice'> = { type: 'cli_notice', text };
  put(event, 'level', str(frame['level']));
  return event;
}

/** The `rate_limit_info` of a `rate_limit_event`, in either spelling (see `field`). */
export function rateLimitEvent(info: Record<string, unknown>): EventOf<'rate_limit'> {
  const event: EventOf<'rate_limit'> = {
    type: 'rate_limit',
    status: str(info['status']) ?? 'unknown',
  };
  put(event, 'resets_at', num(field(info, 'resets_at', 'resetsAt')));
  put(event, 'rate_limit_type', str(field(info, 'rate_limit_type', 'rateLimitType')));
  put(event, 'utilization', num(info['utilization']));
  return event;
}

/**
 * Sets an optional field to what was read, when something was: a missing field and an empty
 * string are left out, where a 0 is a figure and kept.
 */
function put<T, K extends keyof T>(target: T, key: K, value: T[K] | null): void {
  if (value !== null && value !== undefined && value !== '') target[key] = value;
}

/** obj[snake], else obj[camel]: stdout uses snake_case, on-disk transcripts camelCase. */
function field(obj: Record<string, unknown>, snake: string, camel: string): unknown {
  return obj[snake] ?? obj[camel];
}
