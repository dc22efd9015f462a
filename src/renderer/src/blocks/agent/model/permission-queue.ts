import type { AgentEvent } from '../../../../../shared/agent-event';

export type PermissionRequest = AgentEvent & { type: 'permission_request' };
export type ElicitationRequest = AgentEvent & { type: 'elicitation_request' };
/** What the CLI waits on the user for: a permission, or an MCP server's form. */
export type PendingRequest = PermissionRequest | ElicitationRequest;

/**
 * The permission requests and MCP forms the CLI is blocked on, oldest first. A request leaves when it is
 * answered (here, or in an earlier page whose log this one replays), withdrawn by the CLI, or its
 * tool produced a result (answered some other way).
 */
export class PermissionQueue {
  private pendingValue: readonly PendingRequest[] = [];

  get pending(): readonly PendingRequest[] {
    return this.pendingValue;
  }

  apply(events: readonly AgentEvent[]): void {
    for (const event of events) {
      if (event.type === 'permission_request' || event.type === 'elicitation_request') {
        if (!this.pendingValue.some((request) => request.request_id === event.request_id)) {
          this.pendingValue = [...this.pendingValue, event];
        }
      } else if (event.type === 'permission_cancelled' || event.type === 'permission_answered') {
        this.remove((request) => request.request_id === event.request_id);
      } else if (event.type === 'tool_result') {
        this.remove(
          (request) =>
            request.type === 'permission_request' && request.tool_use_id === event.tool_use_id,
        );
      } else if (event.type === 'done' || event.type === 'error') {
        // A turn cannot end while the CLI waits for an answer.
        this.clear();
      }
    }
  }

  answered(requestId: string): void {
    this.remove((request) => request.request_id === requestId);
  }

  /** Requests of a CLI process that is gone can no longer be answered. */
  clear(): void {
    if (this.pendingValue.length) this.pendingValue = [];
  }

  private remove(matches: (request: PendingRequest) => boolean): void {
    if (this.pendingValue.some(matches)) {
      this.pendingValue = this.pendingValue.filter((request) => !matches(request));
    }
  }
}
