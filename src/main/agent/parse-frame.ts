import type { StreamFrame } from '../../shared/stream-frame';

const MALFORMED: StreamFrame = { kind: 'malformed' };

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function str(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/**
 * Parses one line of stream-json output into its JSON object; null for anything else. Never
 * throws. The hot path (session, translator) needs only this, not the classification.
 */
export function parseObject(line: string): Record<string, unknown> | null {
  // Cheap pre-check: frames are JSON objects, and most garbage (warnings, escapes) is not.
  const first = line.charCodeAt(0) === 0x7b ? 0 : line.search(/\S/);
  if (first === -1 || line.charCodeAt(first) !== 0x7b) return null;
  try {
    const value: unknown = JSON.parse(line);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

export function parseFrame(line: string): StreamFrame {
  const value = parseObject(line);
  return value ? classifyFrame(value) : MALFORMED;
}

/** Classifies an already-parsed JSON object. */
export function classifyFrame(value: Record<string, unknown>): StreamFrame {
  const type = str(value['type']);
  switch (type) {
    case 'system':
      return { kind: 'system', subtype: str(value['subtype']) ?? '' };
    case 'stream_event': {
      const event = value['event'];
      const delta = isRecord(event) && isRecord(event['delta']) ? event['delta'] : null;
      return { kind: 'stream_event', delta: delta ? (str(delta['text']) ?? null) : null };
    }
    case 'assistant':
      return { kind: 'assistant', text: textOfContent(messageContent(value)) };
    case 'result':
      return {
        kind: 'result',
        subtype: str(value['subtype']) ?? '',
        result: str(value['result']),
        is_error: value['is_error'] === true,
      };
    case 'user':
      return { kind: 'user_echo' };
    case 'control_request': {
      const request = isRecord(value['request']) ? value['request'] : {};
      return {
        kind: 'control_request',
        request_id: str(value['request_id']) ?? '',
        subtype: str(request['subtype']) ?? '',
        tool_name: str(request['tool_name']) ?? '',
        input: request['input'] ?? null,
      };
    }
    default:
      return { kind: 'other', type_name: type ?? '' };
  }
}

/** `message.content` of an assistant or user frame: a string or a block array. */
export function messageContent(frame: Record<string, unknown>): unknown {
  const message = frame['message'];
  return isRecord(message) ? message['content'] : undefined;
}

/** The text blocks of a message content, joined. */
export function textOfContent(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  let text = '';
  for (const block of content) {
    if (isRecord(block) && block['type'] === 'text' && typeof block['text'] === 'string') {
      text += block['text'];
    }
  }
  return text;
}
