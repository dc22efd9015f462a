import type { PermissionDecision } from '../../shared/agent-control';
import type { PermissionSuggestion } from '../../shared/agent-event';
import { errorResponse, permissionResponse } from './control-protocol';
import { isRecord, str } from './parse-frame';

interface Pending {
  toolName: string;
  input: Record<string, unknown>;
  suggestions: PermissionSuggestion[];
}

/**
 * Guarantees that every `control_request` from the CLI gets exactly one answer: the user's
 * decision, an error for subtypes we do not serve, a denial when the session goes away — or none
 * when the CLI withdrew the request itself.
 */
export class PermissionGate {
  private pending = new Map<string, Pending>();

  constructor(private readonly write: (line: string) => void) {}

  /** Takes a control_request frame. Returns true when it now waits for the user. */
  receive(frame: Record<string, unknown>): boolean {
    const requestId = str(frame['request_id']);
    const request = frame['request'];
    if (!requestId) return false;
    const subtype = isRecord(request) ? str(request['subtype']) : null;
    if (subtype !== 'can_use_tool' || !isRecord(request)) {
      this.write(errorResponse(requestId, `Unsupported control request subtype: ${subtype}`));
      return false;
    }
    const suggestions = request['permission_suggestions'];
    this.pending.set(requestId, {
      toolName: str(request['tool_name']) ?? '',
      input: isRecord(request['input']) ? request['input'] : {},
      suggestions: Array.isArray(suggestions) ? suggestions.filter(isRecord) : [],
    });
    return true;
  }

  /** Answers a pending request. False when it is not pending (answered, withdrawn, or unknown). */
  answer(requestId: string, decision: PermissionDecision): boolean {
    const pending = this.pending.get(requestId);
    if (!pending) return false;
    this.pending.delete(requestId);
    this.write(permissionResponse(requestId, decision, pending));
    return true;
  }

  /** The CLI withdrew the request: it expects no answer any more. */
  withdraw(requestId: string): boolean {
    return this.pending.delete(requestId);
  }

  /** Denies everything pending (the session or its view is going away). Returns their ids. */
  denyAll(message: string): string[] {
    const ids = [...this.pending.keys()];
    for (const id of ids) this.answer(id, { behavior: 'deny', message });
    return ids;
  }

  /** Forgets everything pending (the process is gone, nobody is waiting). Returns their ids. */
  dropAll(): string[] {
    const ids = [...this.pending.keys()];
    this.pending.clear();
    return ids;
  }

  get pendingIds(): string[] {
    return [...this.pending.keys()];
  }
}
