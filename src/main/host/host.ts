import { join } from 'node:path';
import {
  describeIssues,
  hostNotifications,
  hostRequests,
  isNotificationName,
  isRequestName,
  type EventMessage,
  type HostResponse,
} from '../../shared/contract/host';
import type { HandlersFor, NotificationHandlersFor } from '../../shared/contract/request-table';
import { errorMessage } from '../../shared/error-message';
import { DEFAULT_REATTACH_GRACE_SECONDS } from '../../shared/settings';
import type { WorkspaceState } from '../../shared/workspace-state';
import { removeStaleFifoFolders } from '../agent/transport/stdin-fifo';
import { AgentRegistry, type AgentClaims, type AgentDefaults } from './agent-registry';
import { ClientSessions, type ClientRegistries } from './client-sessions';
import { userConfigDir } from './config-dir';
import { FileIndex } from './file-index';
import { listFolder } from './folder-listing';
import { agentHandlers } from './handlers/agent';
import { appHandlers } from './handlers/app';
import { claudeMcpHandlers } from './handlers/claude-mcp';
import { claudeAccountHandlers } from './handlers/claude-account';
import { claudeRulesHandlers } from './handlers/claude-rules';
import { composerHandlers } from './handlers/composer';
import { exportHandlers } from './handlers/export';
import { libraryHandlers } from './handlers/library';
import { reviewHandlers } from './handlers/review';
import { rewindHandlers } from './handlers/rewind';
import { terminalHandlers, terminalNotificationHandlers } from './handlers/terminal';
import { workspaceHandlers } from './handlers/workspace';
import { remoteHandlers } from './handlers/remote';
import { tetherSettingsHandlers } from './handlers/tether-settings';
import { worktreeHandlers } from './handlers/worktree';
import { worktreeListHandlers } from './handlers/worktree-list';
import { pullRequestHandlers } from './handlers/pull-request';
import { worktreeSetupHandlers } from './handlers/worktree-setup';
import { usageHandlers } from './handlers/usage';
import { LaunchContext } from './launch-context';
import { LibraryService } from './library-service';
import { OwnSessions } from './own-sessions';
import type { SettingsFile } from './settings';
import { TerminalRegistry, type TerminalDefaults } from './terminal-registry';
import { RemoteHosts, type RemoteHostsOptions } from './remote-hosts';
import type { SshSettings } from '../remote/ssh-connection';

export interface HostOptions
  extends TerminalDefaults, Partial<Omit<AgentDefaults, 'workspaceDir'>> {
  workspace: {
    read(): Promise<WorkspaceState | null>;
    write(state: WorkspaceState): Promise<void>;
  };
  /** Opens a vetted http(s) URL in the system browser; absent where the host cannot (browser mode). */
  openExternal?: (url: string) => Promise<void>;
  /** The user's environment for terminals and agents, once resolved (default: this process's). */
  environment?: Promise<NodeJS.ProcessEnv>;
  /** The settings file: its shell and claudePath apply to the next terminal and agent started. */
  settings?: SettingsFile;
  /** Opens a file in the system's editor, resolving to an error message ('' when it worked). */
  openPath?: (path: string) => Promise<string>;
  log?: (message: string) => void;
  /** The grace period when the settings file does not set `reattachGraceSeconds` (default 60). */
  reattachGraceSeconds?: number;
  /** Where the session library keeps its index; without it the host has no library. */
  libraryIndexDir?: string;
  /** Shows a file in the system's file manager (absent in browser mode). */
  revealPath?: (path: string) => void;
  /** Asks the user where to save a file (null: they cancelled); absent where the host cannot. */
  chooseSavePath?: (suggestedName: string) => Promise<string | null>;
  /** The OS the host reports to the page (default: this machine's), which tests stand in for. */
  system?: { platform: NodeJS.Platform; release: string };
  /** For blocks on other machines: ssh settings over the defaults, variables for remote CLIs. */
  remote?: Pick<RemoteHostsOptions, 'agentEnv' | 'recentFile'> & { ssh?: Partial<SshSettings> };
}

/** One client of the host: a window over IPC or a browser tab over a WebSocket. */
export interface HostConnection {
  request(name: unknown, params: unknown): Promise<HostResponse>;
  /** Acts on a notification at once; one the contract does not describe is logged and dropped. */
  notify(name: unknown, params: unknown): void;
  /** Ends everything the client started (its window closed for good). */
  close(): Promise<void>;
  /**
   * The page went away but may come back (a reload, a crash, a dropped socket): what it started
   * goes on for the grace period, for a connection with the same client id to take over.
   */
  detach(): Promise<void>;
}

type RequestHandlers = HandlersFor<typeof hostRequests>;
type NotificationHandlers = NotificationHandlersFor<typeof hostNotifications>;

/**
 * The transport-agnostic host: it checks every request against the contract before acting on
 * it, answers with a result or a one-line error, and owns what each client started.
 */
export class Host {
  private readonly clients = new Set<ClientSessions>();
  private readonly byClientId = new Map<string, ClientSessions>();
  /** Which client holds each agent block (see AgentClaims). */
  private readonly agentHolders = new Map<string, ClientSessions>();
  private readonly log: (message: string) => void;
  private readonly launch: LaunchContext;
  /** Every open connection's event sink, for news that concerns them all. */
  private readonly sinks = new Set<(event: EventMessage) => void>();
  private readonly library: LibraryService | undefined;
  private readonly ownSessions: OwnSessions;
  private readonly exportFiles: ReturnType<typeof exportHandlers>;
  private readonly remote: RemoteHosts;
  /**
   * The files of agents' folders, for `@` completion where Claude Code has none: listed with the
   * user's environment, whose PATH finds their git (an app started from a launcher may lack it).
   */
  private readonly fileIndex = new FileIndex({
    list: async (root, limits) => listFolder(root, limits, await this.launch.environment()),
  });

  constructor(private readonly options: HostOptions) {
    this.log = options.log ?? console.warn;
    this.ownSessions = new OwnSessions(
      join(options.agentLogDir ?? join(userConfigDir(), 'agents'), 'sessions.json'),
      this.log,
    );
    this.launch = new LaunchContext(options);
    this.exportFiles = exportHandlers(options.chooseSavePath);
    this.remote = new RemoteHosts({
      recentFile: join(userConfigDir(), 'recent-hosts.json'),
      ...options.remote,
      ssh: () => {
        const configFile = this.launch.sshConfigFile();
        return { ...options.remote?.ssh, ...(configFile ? { configFile } : {}) };
      },
      environment: () => this.launch.environment(),
      broadcast: (event) => this.broadcast(event),
    });
    // Where the desktop app and browser mode both start: the stdin FIFOs a killed Tether left in
    // the temp folder (the agents under a pty use them, Unix only), and its shells' integration
    // scripts, go before anything else runs.
    if (process.platform !== 'win32') removeStaleFifoFolders();
    options.settings?.onChange(({ problem }) =>
      this.broadcast({ name: 'settingsChanged', payload: { problem } }),
    );
    if (options.libraryIndexDir) {
      this.library = new LibraryService(
        {
          indexDir: options.libraryIndexDir,
          environment: options.environment ?? Promise.resolve(process.env),
          log: this.log,
          // After the first window has loaded, which needs the host more.
          warmAfterMs: 3_000,
          ...(options.revealPath ? { revealPath: options.revealPath } : {}),
          remote: this.remote,
          remoteClaudeConfigDir: options.remote?.agentEnv?.['CLAUDE_CONFIG_DIR'],
          ownSessions: this.ownSessions,
        },
        (event) => this.broadcast(event),
      );
    }
  }

  private broadcast(event: EventMessage): void {
    for (const sink of this.sinks) sink(event);
  }

  /**
   * `clientId` names the page across its reloads (a browser tab, a window): a connection with the
   * id of one that dropped within the grace period takes over the terminals and agents it left.
   */
  connect(emit: (event: EventMessage) => void, clientId?: string): HostConnection {
    const owner = { emit };
    const known = clientId === undefined ? undefined : this.byClientId.get(clientId);
    const client = known && !known.hasEnded ? known : this.startClient(clientId);
    client.attach(owner);
    const handlers = this.handlers(client.registries);
    const notificationHandlers = this.notificationHandlers(client.registries);
    this.sinks.add(emit);
    const leave = () => this.sinks.delete(emit);
    return {
      request: (name, params) =>
        client.isOwnedBy(owner)
          ? this.dispatch(handlers, name, params)
          : Promise.resolve(this.reject('a newer page of this tab or window took over')),
      // A newer page's shells are not this one's to acknowledge.
      notify: (name, params) => {
        if (client.isOwnedBy(owner)) this.dispatchNotification(notificationHandlers, name, params);
      },
      close: () => {
        leave();
        return client.isOwnedBy(owner) ? client.dispose() : Promise.resolve();
      },
      detach: () => {
        leave();
        return client.detach(owner, clientId === undefined ? 0 : this.graceMs());
      },
    };
  }

  /** Ends everything every client started, detached or not, at once (the app quitting). */
  async dispose(): Promise<void> {
    await Promise.all([...this.clients].map((client) => client.dispose()));
    await this.library?.dispose();
    await this.remote.dispose();
  }

  private graceMs(): number {
    const setting = this.options.settings?.current.settings.reattachGraceSeconds;
    return (setting ?? this.options.reattachGraceSeconds ?? DEFAULT_REATTACH_GRACE_SECONDS) * 1000;
  }

  private startClient(clientId: string | undefined): ClientSessions {
    // A client stays listed until everything it started has ended, so that `dispose` also waits
    // for an ending already under way (the last window closing).
    const client: ClientSessions = new ClientSessions(
      (emit) => ({
        terminals: new TerminalRegistry(this.options, emit),
        agents: new AgentRegistry(
          {
            agentLogDir: join(userConfigDir(), 'agents'),
            remoteSession: (host, cwd, agentId) => this.remote.sessionHost(host, cwd, agentId),
            endRemoteSession: (host, agentId) => this.remote.endSession(host, agentId),
            onSessionStarted: (sessionId) =>
              void this.ownSessions
                .add(sessionId)
                .catch((error: unknown) =>
                  this.log(`tether: the record of Tether's sessions: ${errorMessage(error)}`),
                ),
            ...(this.library
              ? {
                  pastTranscript: (id, host) => this.library!.pastTranscript(id, host),
                  forkPoint: (id, uuid, host) => this.library!.forkPoint(id, uuid, host),
                }
              : {}),
            ...this.options,
          },
          emit,
          this.agentClaims(() => client),
        ),
      }),
      () => {
        this.clients.delete(client);
        if (clientId !== undefined && this.byClientId.get(clientId) === client)
          this.byClientId.delete(clientId);
      },
    );
    this.clients.add(client);
    if (clientId !== undefined) this.byClientId.set(clientId, client);
    return client;
  }

  private agentClaims(client: () => ClientSessions): AgentClaims {
    return {
      claim: async (agentId) => {
        const holder = this.agentHolders.get(agentId);
        if (holder && holder !== client()) {
          if (holder.isAttended) {
            throw new Error(
              'this agent block is open in another Tether window or tab; close it there, or use that one',
            );
          }
          // A holder whose page is gone (a closed tab, a crashed renderer): its session of this
          // block ends, and the block goes on here, resuming its Claude session.
          await holder.registries.agents.close(agentId);
        }
        this.agentHolders.set(agentId, client());
      },
      release: (agentId) => {
        if (this.agentHolders.get(agentId) === client()) this.agentHolders.delete(agentId);
      },
      heldElsewhere: (agentId) => {
        const holder = this.agentHolders.get(agentId);
        return holder !== undefined && holder !== client();
      },
    };
  }

  private async dispatch(
    handlers: RequestHandlers,
    name: unknown,
    params: unknown,
  ): Promise<HostResponse> {
    if (!isRequestName(name)) return this.reject(`unknown request ${JSON.stringify(name)}`);
    try {
      // Inside the try: a hostile payload can overflow the validator's stack (a layout nested
      // hundreds of levels deep), which must refuse that request, not end the host.
      const parsed = hostRequests[name].params.safeParse(params);
      if (!parsed.success) return this.reject(`${name}: ${describeIssues(parsed.error)}`);
      const handler = handlers[name] as (params: unknown) => unknown;
      return { ok: true, result: await handler(parsed.data) };
    } catch (error) {
      return this.reject(`${name}: ${errorMessage(error)}`);
    }
  }

  /**
   * Checked against the contract once and acted on at once: no answer, and no promise, since
   * nothing waits for one. What fails is logged, like a refused request, and goes no further.
   */
  private dispatchNotification(
    handlers: NotificationHandlers,
    name: unknown,
    params: unknown,
  ): void {
    if (!isNotificationName(name)) {
      this.reject(`unknown notification ${JSON.stringify(name)}`);
      return;
    }
    try {
      const parsed = hostNotifications[name].params.safeParse(params);
      if (!parsed.success) this.reject(`${name}: ${describeIssues(parsed.error)}`);
      else handlers[name](parsed.data);
    } catch (error) {
      this.reject(`${name}: ${errorMessage(error)}`);
    }
  }

  /** The environment agents start with (as `AgentRegistry` picks it): where Claude's files are. */
  private async claudeEnv(): Promise<NodeJS.ProcessEnv> {
    return (await this.launch.agent()).agentEnv ?? this.options.agentEnv ?? process.env;
  }

  private reject(error: string): HostResponse {
    this.log(`tether host: rejected ${error}`);
    return { ok: false, error };
  }

  private handlers({ terminals, agents }: ClientRegistries): RequestHandlers {
    return {
      ...appHandlers(this.options, this.launch),
      ...terminalHandlers(terminals, this.launch, this.remote),
      ...workspaceHandlers(this.options.workspace),
      ...this.exportFiles,
      ...agentHandlers(agents, this.launch),
      ...worktreeHandlers(agents, this.launch, this.remote),
      ...pullRequestHandlers(this.launch, this.remote),
      ...worktreeSetupHandlers(this.launch, this.remote, this.options.settings),
      ...libraryHandlers(this.library),
      ...reviewHandlers(
        agents,
        this.launch,
        {
          platform: this.options.system?.platform ?? process.platform,
          openPath: this.options.openPath,
          revealPath: this.options.revealPath,
        },
        this.remote,
      ),
      ...rewindHandlers(agents),
      ...composerHandlers(agents, this.fileIndex, this.remote),
      ...remoteHandlers(this.remote),
      ...tetherSettingsHandlers(this.options),
      ...claudeMcpHandlers(agents, () => this.claudeEnv()),
      ...usageHandlers(agents, this.library),
      ...claudeAccountHandlers(agents, this.launch, this.options),
      ...claudeRulesHandlers(agents, this.launch, this.options.agentEnv, {
        platform: this.options.system?.platform ?? process.platform,
        openPath: this.options.openPath,
        revealPath: this.options.revealPath,
      }),
      ...worktreeListHandlers(this.launch, this.remote),
    };
  }

  private notificationHandlers({ terminals }: ClientRegistries): NotificationHandlers {
    return terminalNotificationHandlers(terminals);
  }
}
