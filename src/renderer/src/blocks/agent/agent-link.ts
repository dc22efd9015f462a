import type { AgentEvent } from '../../../../shared/agent-event';
import type { HostApi } from '../../../../shared/host-api';
import type { AgentStore } from './model/agent-store';
import { errorMessage } from '../../../../shared/error-message';

export interface AgentLinkOptions {
  cwd: string;
  /** Another machine the session runs on (`cwd` is a folder there). */
  host?: string;
  /** The Claude session to resume, read when (re)opening. */
  resumeSessionId(): string | undefined;
  /** Whether that session is to be forked rather than resumed. */
  forkSession?(): boolean;
  /** For a fork: the prompt its conversation stops before. */
  resumeAt?(): string | undefined;
  /** `failure` as thrown, for a caller that words it its own way (a reconnect attempt's). */
  onError(message: string, failure?: unknown): void;
}

/**
 * Joins one block's store to its host session: opens it, feeds the store with the logged history
 * and then the live events (in that order, whatever arrives while the history is on its way),
 * and closes it. No React here, so it can be held across React's effect re-runs.
 */
export class AgentLink {
  private subscriptions: (() => void)[] = [];
  /** Live events that arrived before the history; null once the history is in the store. */
  private early: AgentEvent[][] | null = [];
  private opening = 0;

  constructor(
    readonly api: HostApi,
    readonly agentId: string,
    readonly store: AgentStore,
    private readonly options: AgentLinkOptions,
  ) {}

  open(): void {
    if (this.subscriptions.length === 0) this.subscribe();
    const opening = ++this.opening;
    this.early = [];
    const resumeSessionId = this.options.resumeSessionId();
    this.api
      .openAgent({
        agentId: this.agentId,
        cwd: this.options.cwd,
        ...(this.options.host ? { host: this.options.host } : {}),
        ...(resumeSessionId ? { resumeSessionId } : {}),
        ...(resumeSessionId && this.options.forkSession?.() ? this.fork() : {}),
      })
      .then(({ cwd, history, state, unhandled }) => {
        if (opening !== this.opening) return;
        if (state) {
          // The session was already running (this page is a reload): its history is live, up to
          // now, so the early events are in it and its open permission requests still await an
          // answer. Loading it as a past transcript would drop those.
          this.store.loadHistory([], cwd);
          this.store.push(history);
          this.store.setLifecycle(state);
          if (unhandled) this.store.setUnhandled(unhandled);
        } else {
          this.store.loadHistory(history, cwd);
          for (const events of this.early ?? []) this.store.push(events);
        }
        this.early = null;
      })
      .catch((error: unknown) => this.options.onError(errorMessage(error), error));
  }

  private fork(): { forkSession: true; resumeAt?: string } {
    const resumeAt = this.options.resumeAt?.();
    return { forkSession: true, ...(resumeAt ? { resumeAt } : {}) };
  }

  /** Ends the process and starts it again, resuming the same Claude session. */
  async restart(): Promise<void> {
    this.opening++;
    await this.api.closeAgent({ agentId: this.agentId });
    this.store.reset();
    this.open();
  }

  /** Ends the session; its history stays for a reload or "Reopen closed block". */
  close(): void {
    this.opening++;
    for (const unsubscribe of this.subscriptions) unsubscribe();
    this.subscriptions = [];
    this.api.closeAgent({ agentId: this.agentId }).catch(() => undefined);
  }

  private subscribe(): void {
    const mine = (payload: { agentId: string }) => payload.agentId === this.agentId;
    this.subscriptions = [
      this.api.onEvent('agentEvents', (payload) => {
        if (!mine(payload)) return;
        if (this.early) this.early.push(payload.events);
        else this.store.push(payload.events);
      }),
      this.api.onEvent('agentState', (payload) => {
        if (mine(payload)) this.store.setLifecycle(payload.state);
      }),
      this.api.onEvent('agentUnhandled', (payload) => {
        if (mine(payload)) this.store.setUnhandled(payload.count, payload.line);
      }),
    ];
  }
}
