import type {
  EventName,
  EventPayload,
  NotificationName,
  RequestName,
} from '../../../../../shared/contract/host';
import type { HostApi } from '../../../../../shared/host-api';

interface Call {
  name: RequestName | NotificationName;
  params: unknown;
}

/**
 * A stand-in for the host at the api boundary, for component tests: it records requests,
 * answers them from `replies` (null by default; a function is called with the params), and lets
 * a test send host events.
 */
export class FakeHost {
  readonly calls: Call[] = [];
  readonly replies: Partial<Record<RequestName, unknown>> = {
    openAgent: { cwd: '/work', history: [] },
    openAgentRaw: { data: '', unhandled: 0 },
    answerPermission: { answered: true },
    openExternal: { opened: true },
    pendingSshAsks: { asks: [] },
  };
  private readonly listeners = new Map<string, Set<(payload: never) => void>>();

  readonly api = new Proxy({} as HostApi, {
    get: (_target, name: string) => {
      if (name === 'onEvent') return this.onEvent;
      return async (params: unknown) => {
        this.calls.push({ name: name as RequestName | NotificationName, params });
        const reply = this.replies[name as RequestName];
        return typeof reply === 'function' ? reply(params) : (reply ?? null);
      };
    },
  });

  emit<K extends EventName>(name: K, payload: EventPayload<K>): void {
    for (const listener of this.listeners.get(name) ?? []) listener(payload as never);
  }

  /** The params of every call of one request or notification, in order. */
  paramsOf(name: RequestName | NotificationName): unknown[] {
    return this.calls.filter((call) => call.name === name).map((call) => call.params);
  }

  private onEvent = (name: string, listener: (payload: never) => void) => {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  };
}
