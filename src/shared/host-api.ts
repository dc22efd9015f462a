import { errorMessage } from './error-message';
import {
  describeIssues,
  hostEvents,
  hostRequests,
  isEventName,
  notificationNames,
  requestNames,
  responseSchema,
  type EventName,
  type EventPayload,
  type NotificationName,
  type NotificationParams,
  type RequestName,
  type RequestParams,
  type RequestResult,
} from './contract/host';

/** What an adapter provides on the renderer's side: Electron IPC or a WebSocket. */
export interface HostTransport {
  /** Resolves with the host's `HostResponse`, checked here. */
  request(name: RequestName, params: unknown): Promise<unknown>;
  /** Sends a notification: nothing comes back, and the host drops one it finds malformed. */
  notify(name: NotificationName, params: unknown): void;
  subscribe(listener: (name: unknown, payload: unknown) => void): () => void;
}

/** The one object the renderer talks to; it cannot tell which transport is behind it. */
export type HostApi = {
  [K in RequestName]: (params: RequestParams<K>) => Promise<RequestResult<K>>;
} & {
  [K in NotificationName]: (params: NotificationParams<K>) => void;
} & {
  onEvent<K extends EventName>(name: K, listener: (payload: EventPayload<K>) => void): () => void;
};

export class HostRequestError extends Error {
  override name = 'HostRequestError';
}

/** What went wrong, for a person: the host's reason without the request's name before it. */
export function failureReason(error: unknown): string {
  const message = errorMessage(error);
  return error instanceof HostRequestError ? message.replace(/^[A-Za-z]+: /, '') : message;
}

type Log = (message: string) => void;

// Requests from outside the page (the menu, a second launch) can reach a page that has just
// opened for them, before its workspace listens: they wait for their first listener.
const heldUntilHeard: ReadonlySet<EventName> = new Set(['runCommand', 'openTerminalIn']);

/**
 * Builds the typed api from a transport. Results and events are checked against the contract
 * here, so a renderer never acts on a message the contract does not describe.
 */
export function createHostApi(transport: HostTransport, log: Log = console.warn): HostApi {
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  let held: { name: EventName; payload: unknown }[] = [];

  transport.subscribe((name, payload) => {
    if (!isEventName(name)) {
      log(`tether: ignored an unknown host event ${JSON.stringify(name)}`);
      return;
    }
    const parsed = hostEvents[name].safeParse(payload);
    if (!parsed.success) {
      log(`tether: ignored an invalid ${name} event (${describeIssues(parsed.error)})`);
      return;
    }
    const heard = listeners.get(name);
    if (heard?.size) for (const listener of heard) listener(parsed.data as never);
    else if (heldUntilHeard.has(name)) held.push({ name, payload: parsed.data });
  });

  const api: Record<string, unknown> = {
    onEvent(name: EventName, listener: (payload: never) => void) {
      let set = listeners.get(name);
      if (!set) listeners.set(name, (set = new Set()));
      set.add(listener);
      const waiting = held.filter((event) => event.name === name);
      held = held.filter((event) => event.name !== name);
      for (const event of waiting) listener(event.payload as never);
      return () => set.delete(listener);
    },
  };
  for (const name of requestNames) {
    api[name] = async (params: unknown) => {
      const reply = responseSchema.safeParse(await transport.request(name, params));
      if (!reply.success) throw new HostRequestError(`${name}: malformed reply from the host`);
      const response = reply.data;
      if (!response.ok) throw new HostRequestError(response.error);
      const parsed = hostRequests[name].result.safeParse(response.result);
      if (!parsed.success) {
        throw new HostRequestError(`${name}: invalid reply (${describeIssues(parsed.error)})`);
      }
      return parsed.data;
    };
  }
  for (const name of notificationNames) {
    api[name] = (params: unknown) => transport.notify(name, params);
  }
  return api as HostApi;
}
