import type { PermissionDecision } from '../../shared/agent-control';
import type { PermissionAsk, StreamFrame } from '../../shared/stream-frame';
import { errorMessage } from '../../shared/error-message';
import { errorResponse, permissionResponse } from './control-protocol';

type Pending = Pick<PermissionAsk, 'tool_name' | 'input' | 'suggestions'>;

/**
 * Guarantees that every `control_request` from the CLI gets exactly one answer: the user's
 * decision, an error for subtypes we do not serve, a denial when the session goes away — or none
 * when the CLI withdrew the request itself.
 */
export class PermissionGate {
  private pending = new Map<string, Pending>();

  constructor(private readonly write: (line: string) => void) {}

  /** Takes a checked control_request frame. Returns true when it now waits for the user. */
  receive(frame: StreamFrame & { kind: 'control_request' }): boolean {
    if (!frame.permission) {
      this.refuse(frame.request_id, `Unsupported control request subtype: ${frame.subtype}`);
      return false;
    }
    const { tool_name, input, suggestions } = frame.permission;
    this.pending.set(frame.request_id, { tool_name, input, suggestions });
    return true;
  }

  /** Answers a request that cannot be served (e.g. malformed) with an error, so the CLI goes on. */
  refuse(requestId: string, reason: string): void {
    this.write(errorResponse(requestId, reason));
  }

  /**
   * Answers a pending request. False when it is not pending (answered, withdrawn, or unknown).
   * Throws, and keeps the request pending, when the answer cannot be serialized (an edited input
   * nested too deep, say): the prompt must stay answerable rather than vanish unanswered.
   */
  answer(requestId: string, decision: PermissionDecision): boolean {
    const pending = this.pending.get(requestId);
    if (!pending) return false;
    let line: string;
    try {
      line = permissionResponse(requestId, decision, pending);
    } catch (error) {
      throw new Error(
        `The answer cannot be sent to Claude Code (${errorMessage(error)}); the prompt is still open.`,
      );
    }
    this.pending.delete(requestId);
    this.write(line);
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
