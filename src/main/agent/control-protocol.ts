import type {
  ElicitationAnswer,
  MessagePriority,
  PermissionDecision,
} from '../../shared/agent-control';
import type { PermissionSuggestion } from '../../shared/agent-event';
import type { ImageAttachment } from '../../shared/contract/composer';

/**
 * The stdin side of Claude Code's control protocol (one JSON object a line). Every
 * `control_request` the CLI sends blocks it until it gets exactly one of these answers.
 */

/**
 * A prompt, stamped with `uuid`: the CLI reports its progress by it (`command_lifecycle`) and
 * keeps it as the message's id in the session file, which rewinding names. Images go as the
 * Messages API's base64 image blocks, which the CLI passes on as they are, before the text: the
 * CLI reads `@path` mentions (and attaches those files) in the last text block only. Without
 * `priority` the CLI takes it as `next`.
 */
export function userMessage(
  text: string,
  uuid: string,
  images: readonly ImageAttachment[] = [],
  priority?: MessagePriority,
): string {
  const content = images.length
    ? [
        ...images.map(({ mediaType, data }) => ({
          type: 'image',
          source: { type: 'base64', media_type: mediaType, data },
        })),
        ...(text ? [{ type: 'text', text }] : []),
      ]
    : text;
  return line({
    type: 'user',
    message: { role: 'user', content },
    parent_tool_use_id: null,
    session_id: '',
    uuid,
    ...(priority ? { priority } : {}),
  });
}

export function controlRequest(requestId: string, request: Record<string, unknown>): string {
  return line({ type: 'control_request', request_id: requestId, request });
}

export function permissionResponse(
  requestId: string,
  decision: PermissionDecision,
  original: {
    input: Record<string, unknown>;
    tool_name: string;
    suggestions: PermissionSuggestion[];
  },
): string {
  let response: Record<string, unknown>;
  if (decision.behavior === 'deny') {
    response = { behavior: 'deny', message: decision.message || 'The user denied this tool use.' };
    if (decision.interrupt) response['interrupt'] = true;
  } else {
    // The CLI fails the tool with a validation error when updatedInput is missing.
    response = { behavior: 'allow', updatedInput: decision.updatedInput ?? original.input };
    if (decision.behavior === 'allow_always') {
      const rule = decision.suggestion ??
        original.suggestions[0] ?? {
          type: 'addRules',
          rules: [{ toolName: original.tool_name }],
          behavior: 'allow',
          destination: 'localSettings',
        };
      response['updatedPermissions'] = [rule];
    }
  }
  return line({
    type: 'control_response',
    response: { subtype: 'success', request_id: requestId, response },
  });
}

/**
 * The answer to an MCP server's `elicitation`: `{action, content?}`, which the CLI hands to the
 * server as its `elicitation/create` result; content goes only with accept.
 */
export function elicitationResponse(requestId: string, answer: ElicitationAnswer): string {
  const response: Record<string, unknown> = { action: answer.behavior };
  if (answer.behavior === 'accept' && answer.content) response['content'] = answer.content;
  return line({
    type: 'control_response',
    response: { subtype: 'success', request_id: requestId, response },
  });
}

export function errorResponse(requestId: string, error: string): string {
  return line({
    type: 'control_response',
    response: { subtype: 'error', request_id: requestId, error },
  });
}

function line(value: unknown): string {
  return JSON.stringify(value) + '\n';
}
