import type { EventMessage } from '../../shared/contract/host';
import type { AgentRegistry } from './agent-registry';
import type { TerminalRegistry } from './terminal-registry';

export interface ClientRegistries {
  terminals: TerminalRegistry;
  agents: AgentRegistry;
}

/**
 * What one client (a browser tab or a window, known by its client id) started. It outlives the
 * connection that started it: a reload, a crashed renderer or a dropped WebSocket detaches it, and
 * the next connection of the same client within the grace period takes it over, shells and agents
 * still running. Events meanwhile go nowhere: terminal output waits in the pty (nobody
 * acknowledges it) and in its ring, agent events in their log.
 */
export class ClientSessions {
  readonly registries: ClientRegistries;
  /** The connection it reports to now; null while detached. */
  private owner: { emit: (event: EventMessage) => void } | null = null;
  private expiry: ReturnType<typeof setTimeout> | undefined;
  private ending: Promise<void> | undefined;

  constructor(
    create: (emit: (event: EventMessage) => void) => ClientRegistries,
    private readonly onEnded: () => void,
  ) {
    this.registries = create((event) => this.owner?.emit(event));
  }

  get hasEnded(): boolean {
    return this.ending !== undefined;
  }

  /** Whether a page is there for it now (not detached, not ending). */
  get isAttended(): boolean {
    return this.owner !== null && !this.hasEnded;
  }

  /** `owner` takes over from any earlier connection, whose requests are refused from now on. */
  attach(owner: { emit: (event: EventMessage) => void }): void {
    clearTimeout(this.expiry);
    this.owner = owner;
    this.registries.agents.dropRawViews();
  }

  isOwnedBy(owner: object): boolean {
    return this.owner === owner;
  }

  /** The owner went away: everything goes on for `graceMs`, then ends unless attached again. */
  detach(owner: object, graceMs: number): Promise<void> {
    if (this.owner !== owner) return Promise.resolve();
    this.owner = null;
    if (graceMs <= 0) return this.dispose();
    this.expiry = setTimeout(() => void this.dispose(), graceMs);
    return Promise.resolve();
  }

  /** Ends every shell and agent; resolves once all of them have ended. */
  dispose(): Promise<void> {
    clearTimeout(this.expiry);
    this.owner = null;
    return (this.ending ??= (async () => {
      const { terminals, agents } = this.registries;
      await Promise.all([terminals.closeAll(), agents.closeAll()]);
      this.onEnded();
    })());
  }
}
