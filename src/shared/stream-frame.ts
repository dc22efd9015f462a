import type { ElicitationAsk, PermissionSuggestion } from './agent-event';

export type { ElicitationAsk };

/**
 * One line of Claude Code stream-json output, classified and checked: a frame of a known type
 * carries, typed, exactly the fields the translator and the session rely on, so nothing after
 * the classifier re-parses or re-validates it. A known type whose required fields are missing or
 * of the wrong type is `invalid`, never a half-read frame.
 */
export type StreamFrame =
  /** `type: "system"` (init, status, compact_boundary, task_*, …); details are read as optional. */
  | { kind: 'system'; subtype: string; fields: Record<string, unknown> }
  /** `type: "stream_event"`: one event of a message being streamed (partial messages on). */
  | { kind: 'stream_event'; event: StreamEvent; parent_tool_use_id: string | null }
  /** `type: "assistant"`: a complete assistant message. */
  | {
      kind: 'assistant';
      id: string;
      /** Absent in frames that only a few paths write; never needed to show the message. */
      model: string | null;
      content: ContentBlock[];
      parent_tool_use_id: string | null;
      /** The API call's usage; frames of one message repeat it. */
      usage: Record<string, unknown> | null;
      /** The reply was cut off by an interrupt: this is as far as it got. */
      aborted: boolean;
      /** This frame's own id (one per content block); what a retraction names. */
      uuid: string | null;
      /** Uuids of earlier frames this message replaces: they are to be removed. */
      supersedes: string[];
    }
  /** `type: "user"`: a replayed user message (a delivery receipt) or tool results. */
  | {
      kind: 'user';
      content: string | ContentBlock[];
      is_replay: boolean;
      parent_tool_use_id: string | null;
      /** The message's id: for a prompt, the uuid it was sent with. */
      uuid: string | null;
    }
  /** `type: "result"`: the turn is over; cost details are read as optional from `fields`. */
  | {
      kind: 'result';
      subtype: string;
      result: string | null;
      is_error: boolean;
      fields: Record<string, unknown>;
    }
  /** `type: "control_request"`: the CLI blocks until it gets exactly one answer. */
  | {
      kind: 'control_request';
      request_id: string;
      subtype: string;
      /** Set exactly when `subtype` is `can_use_tool`. */
      permission: PermissionAsk | null;
      /** Set exactly when `subtype` is `elicitation` (an MCP server asks the user). */
      elicitation: ElicitationAsk | null;
    }
  /** `type: "control_response"`: the CLI's answer to one of our own requests. */
  | {
      kind: 'control_response';
      request_id: string;
      /** The CLI's refusal, when it refused. */
      error: string | null;
      response: Record<string, unknown>;
    }
  | { kind: 'control_cancel_request'; request_id: string }
  /** Where an input message is (queued, started, completed, cancelled…), by its `uuid`. */
  | { kind: 'command_lifecycle'; command_uuid: string; state: string }
  /** The CLI's guess at the next prompt, after a `result`. */
  | { kind: 'prompt_suggestion'; suggestion: string }
  | { kind: 'rate_limit_event'; info: Record<string, unknown> }
  /** `/clear` (or the like) started a new conversation; a new `init` with its session id follows. */
  | { kind: 'conversation_reset'; trigger: string }
  | { kind: 'keep_alive' }
  /** Well-formed JSON with a type this module does not know. */
  | { kind: 'other'; type_name: string }
  /**
   * A JSON object of a known type that cannot be used: a required field is missing or of the
   * wrong type, or it nests too deep to handle safely. `request_id` is set for a control request
   * the CLI still waits on, so it can be refused rather than left hanging.
   */
  | { kind: 'invalid'; type_name: string; problem: string; request_id: string | null }
  /** Not a JSON object. */
  | { kind: 'malformed' };

export type StreamFrameKind = StreamFrame['kind'];

export interface PermissionAsk {
  tool_name: string;
  input: Record<string, unknown>;
  tool_use_id?: string;
  description?: string;
  blocked_path?: string;
  suggestions: PermissionSuggestion[];
  /** The CLI's own wording of the question, for the dialog's title. */
  title?: string;
  /** The tool's name as the CLI shows it to people. */
  display_name?: string;
  /** Why the CLI asks (a rule, a hook, a classifier), terminal colours removed. */
  decision_reason?: string;
  /** The subagent or background agent that asks; absent for the main conversation. */
  agent_id?: string;
  /** The CLI would not keep an "always allow" rule for this request. */
  suppress_always_allow_rule?: true;
  /** The safe answer is no: Deny has the focus and no single key approves. */
  default_to_no?: true;
}

/** A content block of a message; block types Tether shows nothing for are `other`. */
export type ContentBlock =
  | { type: 'text'; text: string }
  | { type: 'thinking'; thinking: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | { type: 'tool_result'; tool_use_id: string; content: unknown; is_error: boolean }
  | { type: 'other'; block_type: string };

export type StreamEvent =
  | { type: 'message_start'; role: 'assistant'; id: string }
  /** A user message streamed back: the tool results of a subagent's turn. */
  | { type: 'message_start'; role: 'user'; content: string | ContentBlock[] }
  | { type: 'content_block_start'; index: number; block: ContentBlock }
  | { type: 'content_block_delta'; index: number; delta: Delta }
  | { type: 'content_block_stop'; index: number }
  /** message_delta, message_stop, ping, …: nothing to show. */
  | { type: 'other'; event_type: string };

export type Delta =
  | { type: 'text_delta'; text: string }
  | { type: 'thinking_delta'; thinking: string }
  | { type: 'input_json_delta'; partial_json: string }
  | { type: 'other'; delta_type: string };
