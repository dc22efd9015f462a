/**
 * One line of Claude Code stream-json output, classified. Serialized with a `kind` tag so a
 * consumer can discriminate without re-parsing the line.
 */
export type StreamFrame =
  /** `type: "system"` (init, status, compact_boundary, task_*, …). */
  | { kind: 'system'; subtype: string }
  /** `type: "stream_event"`: a partial message event; `delta` is its incremental text, if any. */
  | { kind: 'stream_event'; delta: string | null }
  /** `type: "assistant"`: a complete assistant message; `text` is its text blocks joined. */
  | { kind: 'assistant'; text: string }
  /** `type: "result"`: the turn is over. */
  | { kind: 'result'; subtype: string; result: string | null; is_error: boolean }
  /** `type: "user"`: a replayed user message (a delivery receipt) or tool results. */
  | { kind: 'user_echo' }
  /** `type: "control_request"`: the CLI blocks until it gets exactly one answer. */
  | {
      kind: 'control_request';
      request_id: string;
      subtype: string;
      tool_name: string;
      input: unknown;
    }
  /** Well-formed JSON with a type this module does not classify. */
  | { kind: 'other'; type_name: string }
  /** Not a JSON object. */
  | { kind: 'malformed' };

export type StreamFrameKind = StreamFrame['kind'];
