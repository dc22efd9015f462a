import type { StreamFrame } from '../../shared/stream-frame';
import { controlRequest } from './control-protocol';

export class ControlRequestError extends Error {
  override name = 'ControlRequestError';
}

/** The CLI gave no answer at all in time (as opposed to refusing the request). */
export class ControlTimeoutError extends ControlRequestError {
  override name = 'ControlTimeoutError';
}

interface Pending {
  resolve(response: Record<string, unknown>): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * Our own control requests to the CLI (interrupt, set_model, …): each goes out with an id of its
 * own and settles with the `control_response` that names it, with a refusal, or with a timeout,
 * so no caller waits on a CLI that will not answer.
 */
export class ControlChannel {
  private readonly pending = new Map<string, Pending>();
  private counter = 0;
  private disposed = false;

  constructor(
    private readonly write: (line: string) => void,
    private readonly timeoutMs: number,
  ) {}

  /** The CLI's `response` to `request`; rejects with a ControlRequestError when there is none. */
  request(request: Record<string, unknown>, timeoutMs = this.timeoutMs) {
    if (this.disposed) {
      return Promise.reject(new ControlRequestError('The Claude session has ended.'));
    }
    const requestId = `tether-${++this.counter}`;
    return new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(requestId);
        reject(
          new ControlTimeoutError(
            `Claude Code did not answer "${String(request['subtype'])}" within ${timeoutMs} ms.`,
          ),
        );
      }, timeoutMs);
      this.pending.set(requestId, { resolve, reject, timer });
      this.write(controlRequest(requestId, request));
    });
  }

  /** Settles the request `frame` answers, if it still waits (a late answer is dropped). */
  receive(frame: StreamFrame & { kind: 'control_response' }): void {
    const pending = this.pending.get(frame.request_id);
    if (!pending) return;
    this.pending.delete(frame.request_id);
    clearTimeout(pending.timer);
    if (frame.error !== null) {
      pending.reject(new ControlRequestError(frame.error || 'Claude Code refused the request.'));
    } else {
      pending.resolve(frame.response);
    }
  }

  /** The CLI is gone: what still waits fails with `reason`, and so does every later request. */
  dispose(reason: string): void {
    this.disposed = true;
    for (const pending of this.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(new ControlRequestError(reason));
    }
    this.pending.clear();
  }
}
