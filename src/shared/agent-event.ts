import type { RequestAnswer } from './agent-control';

/**
 * The agent block's wire contract: one JSON object per event, tagged by `type`, snake_case.
 * Consumers ignore types they do not know, so new types can be added without breaking old views.
 */

export interface Usage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

export interface PermissionSuggestion {
  [key: string]: unknown;
}

export type AgentEvent =
  /**
   * Visible assistant text: a streamed delta, or the whole text of an un-streamed block.
   * `message_id`: the API message it belongs to (absent from logs written before it was kept).
   */
  | { type: 'assistant_text'; text: string; parent_tool_use_id: string | null; message_id?: string }
  /** Extended thinking; never part of `assistant_text`. */
  | { type: 'thinking'; text: string; parent_tool_use_id: string | null; message_id?: string }
  /** A tool call, emitted once per id and always before its `tool_result`. */
  | {
      type: 'tool_use';
      id: string;
      name: string;
      input: Record<string, unknown>;
      parent_tool_use_id: string | null;
    }
  | {
      type: 'tool_result';
      tool_use_id: string;
      content: unknown;
      is_error: boolean;
      parent_tool_use_id: string | null;
    }
  /** The CLI is blocked until this request gets exactly one answer. */
  | {
      type: 'permission_request';
      request_id: string;
      tool_name: string;
      input: Record<string, unknown>;
      tool_use_id?: string;
      description?: string;
      blocked_path?: string;
      suggestions?: PermissionSuggestion[];
      /** The CLI's wording of the question; else `description`, else Tether's own. */
      title?: string;
      display_name?: string;
      /** Why the CLI asks, as plain text. */
      decision_reason?: string;
      /** Which subagent or background agent asks (absent: the main conversation). */
      agent_id?: string;
      /** Offer no "Always allow". */
      suppress_always_allow_rule?: true;
      /** Focus Deny; no single key approves. */
      default_to_no?: true;
    }
  /**
   * An MCP server asks the user to fill in a form (`requested_schema`) or to open a URL; the CLI
   * waits for Accept, Decline or Cancel. Withdrawn and answered like a permission request.
   */
  | ({ type: 'elicitation_request'; request_id: string } & ElicitationAsk)
  /** The CLI withdrew a pending permission request (its dialog should close). */
  | { type: 'permission_cancelled'; request_id: string }
  /**
   * The user's answer reached the CLI. Logged, so that a page that replays the log (a reload)
   * does not ask again while the tool still runs.
   */
  | {
      type: 'permission_answered';
      request_id: string;
      behavior: RequestAnswer['behavior'];
    }
  /** Running totals for the session, from each `result`. */
  | {
      type: 'cost';
      cost_usd: number;
      usage: Usage;
      context_window?: number;
      /** What the turn's last API call read and wrote: the context in use (not `usage`, a sum). */
      context_tokens?: number;
      duration_ms?: number;
      num_turns?: number;
    }
  /** The turn ended in failure; `message` is meant for the user. */
  | { type: 'error'; message: string; subtype: string }
  /** The turn ended normally. */
  | { type: 'done'; response: string }
  | {
      type: 'compaction_boundary';
      trigger: string;
      pre_tokens: number;
      post_tokens?: number;
      duration_ms?: number;
    }
  /** The session announced itself (again when its id, model or permission mode changed). */
  | {
      type: 'session_started';
      session_id: string;
      model: string;
      cwd: string;
      permission_mode: string;
      tools: string[];
      slash_commands: string[];
      claude_code_version?: string;
    }
  /** What the CLI is doing between events: requesting the model, compacting, or nothing. */
  | { type: 'status'; status: string | null; permission_mode?: string }
  /**
   * The CLI received a user message (a delivery receipt carrying the text as delivered). `uuid`:
   * its id in the session, which rewinding its files and forking before it name.
   */
  /** `images`: how many images the prompt carried (none: absent). */
  | { type: 'user_message'; text: string; uuid?: string; images?: number }
  /** What a local slash command (/compact, /cost, …) printed. */
  | { type: 'command_output'; text: string }
  /** Tether's own word about the block (not the CLI's): e.g. its transcript cannot be saved. */
  | { type: 'notice'; level: 'warning' | 'info'; text: string }
  | {
      type: 'rate_limit';
      status: string;
      resets_at?: number;
      rate_limit_type?: string;
      utilization?: number;
    }
  /** A background task or subagent changed state. */
  | {
      type: 'subagent';
      task_id: string;
      status: string;
      tool_use_id?: string;
      description?: string;
      summary?: string;
      /** What runs: `local_bash`, `local_agent`, … */
      task_type?: string;
      /** The tool it used last (from its progress reports). */
      last_tool_name?: string;
      /** When it started (ms since the epoch; stamped by the host, the CLI does not say). */
      started_at?: number;
      /** When it ended (ms since the epoch). */
      ended_at?: number;
    }
  /** The tasks running in the background now: the whole set, replacing the one before. */
  | { type: 'background_tasks'; tasks: BackgroundTaskRef[] }
  /**
   * The CLI dropped these from the conversation (a refused reply, a tool call it could not
   * parse): the text and thinking of `message_ids` and the tool calls `tool_use_ids` go.
   */
  | { type: 'messages_retracted'; message_ids: string[]; tool_use_ids: string[] }
  /** The reply just shown was cut off by an interrupt: that is as far as it got. */
  | { type: 'message_aborted'; parent_tool_use_id: string | null }
  /** The conversation was cleared (`/clear`): a new one starts, with a new session id. */
  | { type: 'conversation_reset'; trigger: string }
  /** The API call failed and is tried again after `retry_delay_ms`. */
  | {
      type: 'api_retry';
      attempt: number;
      max_retries: number;
      retry_delay_ms?: number;
      error_status?: number;
      /** The kind of failure, e.g. `overloaded`, `rate_limit`. */
      error?: string;
    }
  /** The model failed and the CLI switched to the fallback model; `text` is its explanation. */
  | { type: 'model_fallback'; from: string; to: string; text: string }
  /** The CLI's own word to the user outside the conversation (billing, a setting it ignored). */
  | { type: 'cli_notice'; text: string; level?: string }
  /** Every slash command the session offers now (`initialize`, `commands_changed`): replaces. */
  | { type: 'slash_commands'; commands: SlashCommand[] }
  /** The models the session can switch to (`initialize`). */
  | { type: 'models'; models: ModelOption[] }
  /** What the context window holds now, as the CLI counts it (`get_context_usage`). */
  | { type: 'context_usage'; tokens: number; window: number }
  /** The CLI's guess at the user's next prompt, after a turn. */
  | { type: 'prompt_suggestion'; text: string }
  /** Where a sent prompt is, by the `uuid` it was sent with (`command_lifecycle`). */
  | { type: 'prompt_state'; uuid: string; state: string }
  /**
   * The MCP servers that failed to connect, by name, as the latest `init` listed them; sent when
   * that list changes (empty: none failed any more).
   */
  | { type: 'mcp_failed'; servers: string[] };

export interface BackgroundTaskRef {
  task_id: string;
  task_type?: string;
  description?: string;
}

export interface SlashCommand {
  name: string;
  description?: string;
  argument_hint?: string;
}

export interface ModelOption {
  /** What `set_model` takes: an alias such as `sonnet`, or `default`. */
  value: string;
  display_name: string;
  description?: string;
  /** The model id the alias stands for now (as `session_started.model` names it). */
  resolved_model?: string;
}

export type AgentEventType = AgentEvent['type'];

/** An MCP server asks the user to fill in a form or to open a URL (`elicitation`). */
export interface ElicitationAsk {
  server_name: string;
  message: string;
  mode: 'form' | 'url';
  /** URL mode: where the server sends the user (untrusted). */
  url?: string;
  elicitation_id?: string;
  /** Form mode: the flat JSON schema of what to fill in. */
  requested_schema?: Record<string, unknown>;
  /** The schema's properties in the order the server listed them. */
  property_order?: string[];
  title?: string;
  display_name?: string;
  description?: string;
}
