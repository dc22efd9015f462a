import type { PendingRequest } from '../model/permission-queue';
import type { ToolItem, TranscriptItem } from '../model/transcript-model';

/** The tool that started the subagent running `toolUseId`: the tool item holding it as a child. */
function parentTool(items: readonly TranscriptItem[], toolUseId: string): ToolItem | null {
  for (const item of items) {
    if (item.kind !== 'tool') continue;
    if (item.children.some((child) => child.kind === 'tool' && child.id === toolUseId)) return item;
    const deeper = parentTool(item.children, toolUseId);
    if (deeper) return deeper;
  }
  return null;
}

/**
 * Which agent asks, in words, for a request from a subagent or background agent (`agent_id`):
 * the description the main conversation gave it when it started it, else its id. Null for a
 * request of the main conversation.
 */
export function askingAgent(
  items: readonly TranscriptItem[],
  request: PendingRequest,
): string | null {
  if (request.type !== 'permission_request' || !request.agent_id) return null;
  const started = request.tool_use_id ? parentTool(items, request.tool_use_id) : null;
  const input = started?.input ?? {};
  const description = input['description'];
  const kind = input['subagent_type'];
  const name = typeof description === 'string' && description.trim() ? description.trim() : null;
  const type = typeof kind === 'string' && kind ? ` (${kind})` : '';
  return name ? `the subagent “${name}”${type}` : `a subagent (${request.agent_id})`;
}
