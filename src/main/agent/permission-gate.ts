import type {
  ElicitationAnswer,
  PermissionDecision,
  RequestAnswer,
} from '../../shared/agent-control';
import type { PermissionAsk, StreamFrame } from '../../shared/stream-frame';
import { errorMessage } from '../../shared/error-message';
import { elicitationResponse, errorResponse, permissionResponse } from './control-protocol';

type Pending =
  | ({ kind: 'permission' } & Pick<PermissionAsk, 'tool_name' | 'input' | 'suggestions'>)
  | { kind: 'elicitation' };

const ELICITATION_BEHAVIORS: ReadonlySet<RequestAnswer['behavior']> = new Set([
  'accept',
  'decline',
  'cancel',
]);

function isElicitationAnswer(answer: RequestAnswer): answer is ElicitationAnswer {
  return ELICITATION_BEHAVIORS.has(answer.behavior);
}

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
    if (frame.permission) {
      const { tool_name, input, suggestions } = frame.permission;
      this.pending.set(frame.request_id, { kind: 'permission', tool_name, input, suggestions });
      return true;
    }
    if (frame.elicitation) {
      this.pending.set(frame.request_id, { kind: 'elicitation' });
      return true;
    }
    // request_user_dialog among them: initialize declares no dialog kind, so none is expected.
    this.refuse(frame.request_id, `Unsupported control request subtype: ${frame.subtype}`);
    return false;
  }

  /** Answers a request that cannot be served (e.g. malformed) with an error, so the CLI goes on. */
  refuse(requestId: string, reason: string): void {
    this.write(errorResponse(requestId, reason));
  }

  /**
   * Answers a pending request. False when it is not pending (answered, withdrawn, or unknown).
   * Throws, and keeps the request pending, when the answer cannot be sent (an edited input nested
   * too deep, say, or a form's answer to a permission request): the prompt must stay answerable
   * rather than vanish unanswered.
   */
  answer(requestId: string, answer: RequestAnswer): boolean {
    const pending = this.pending.get(requestId);
    if (!pending) return false;
    let line: string;
    try {
      line = this.responseLine(requestId, pending, answer);
    } catch (error) {
      throw new Error(
        `The answer cannot be sent to Claude Code (${errorMessage(error)}); the prompt is still open.`,
      );
    }
    this.pending.delete(requestId);
    this.write(line);
    return true;
  }

  private responseLine(requestId: string, pending: Pending, answer: RequestAnswer): string {
    if (pending.kind === 'elicitation') {
      if (!isElicitationAnswer(answer))
        throw new Error(`an MCP form takes no "${answer.behavior}"`);
      return elicitationResponse(requestId, answer);
    }
    if (isElicitationAnswer(answer)) {
      throw new Error(`a permission request takes no "${answer.behavior}"`);
    }
    return permissionResponse(requestId, answer, pending);
  }

  /** The CLI withdrew the request: it expects no answer any more. */
  withdraw(requestId: string): boolean {
    return this.pending.delete(requestId);
  }

  /**
   * Refuses everything pending (the session or its view is going away): a permission request is
   * denied with `message`, an MCP form cancelled. Returns their ids.
   */
  denyAll(message: string): string[] {
    const ids = [...this.pending.keys()];
    const deny: PermissionDecision = { behavior: 'deny', message };
    for (const id of ids) {
      this.answer(id, this.pending.get(id)?.kind === 'elicitation' ? { behavior: 'cancel' } : deny);
    }
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
