import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { homedir, release as osRelease } from 'node:os';
import { join } from 'node:path';
import {
  describeIssues,
  hostRequests,
  isRequestName,
  type AgentRequestName,
  type EventMessage,
  type HostResponse,
  type RequestName,
  type RequestParams,
  type RequestResult,
  type LibraryRequestName,
  type WorktreeRequestName,
} from '../../shared/host-contract';
import { errorMessage } from '../../shared/error-message';
import { safeExternalUrl } from '../../shared/external-url';
import { notificationSettings } from '../../shared/settings';
import type { WorkspaceState } from '../../shared/workspace-state';
import { AgentRegistry, type AgentClaims, type AgentDefaults } from './agent-registry';
import { ClientSessions, type ClientRegistries } from './client-sessions';
import { userConfigDir } from './config-dir';
import { LaunchContext } from './launch-context';
import { LibraryService } from './library-service';
import { reviewHandlers } from './review-handlers';
import { rewindHandlers } from './rewind-handlers';
import { composerHandlers } from './composer-handlers';
import { FileIndex } from './file-index';
import { listFolder } from './folder-listing';
import type { SettingsFile } from './settings';
import { windowsPty } from '../platform/windows-pty';
import { removeStaleFifoFolders } from '../agent/transport/stdin-fifo';
import {
  createWorktree,
  discardWorktree,
  mergeWorktree,
  worktreeLeftovers,
  worktreeStat,
} from '../git/worktrees';
import { TerminalRegistry, type TerminalDefaults } from './terminal-registry';

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
}

/** One client of the host: a window over IPC or a browser tab over a WebSocket. */
export interface HostConnection {
  request(name: unknown, params: unknown): Promise<HostResponse>;
  /** Ends everything the client started (its window closed for good). */
  close(): Promise<void>;
  /**
   * The page went away but may come back (a reload, a crash, a dropped socket): what it started
   * goes on for the grace period, for a connection with the same client id to take over.
   */
  detach(): Promise<void>;
}

type RequestHandlers = {
  [K in RequestName]: (params: RequestParams<K>) => RequestResult<K> | Promise<RequestResult<K>>;
};

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
  /** Paths the user chose in a save dialog, by token, until written. */
  private readonly chosenPaths = new Map<string, string>();
  /**
   * The files of agents' folders, for `@` completion where Claude Code has none: listed with the
   * user's environment, whose PATH finds their git (an app started from a launcher may lack it).
   */
  private readonly fileIndex = new FileIndex({
    list: async (root, limits) => listFolder(root, limits, await this.launch.environment()),
  });

  constructor(private readonly options: HostOptions) {
    this.log = options.log ?? console.warn;
    this.launch = new LaunchContext(options);
    // Where the desktop app and browser mode both start: the stdin FIFOs a killed Tether left in
    // the temp folder (the agents under a pty use them, Unix only) go before anything else runs.
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
    this.sinks.add(emit);
    const leave = () => this.sinks.delete(emit);
    return {
      request: (name, params) =>
        client.isOwnedBy(owner)
          ? this.dispatch(handlers, name, params)
          : Promise.resolve(this.reject('a newer page of this tab or window took over')),
      close: () => {
        leave();
        return client.isOwnedBy(owner) ? client.end() : Promise.resolve();
      },
      detach: () => {
        leave();
        return client.detach(owner, clientId === undefined ? 0 : this.graceMs());
      },
    };
  }

  /** Ends everything every client started, detached or not, at once (the app quitting). */
  async dispose(): Promise<void> {
    await Promise.all([...this.clients].map((client) => client.end()));
    await this.library?.close();
  }

  private graceMs(): number {
    const setting = this.options.settings?.current.settings.reattachGraceSeconds;
    return (setting ?? this.options.reattachGraceSeconds ?? 60) * 1000;
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
            ...(this.library
              ? {
                  pastTranscript: (id) => this.library!.pastTranscript(id),
                  forkPoint: (id, uuid) => this.library!.forkPoint(id, uuid),
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

  private reject(error: string): HostResponse {
    this.log(`tether host: rejected ${error}`);
    return { ok: false, error };
  }

  private handlers({ terminals, agents }: ClientRegistries): RequestHandlers {
    const { workspace, openExternal, workspaceDir, settings, openPath } = this.options;
    return {
      getAppInfo: () => {
        const settingsProblem = settings?.current.problem;
        const { platform, release } = this.options.system ?? {
          platform: process.platform,
          release: osRelease(),
        };
        const pty = windowsPty(platform, release);
        return {
          workspaceDir,
          platform,
          shell: this.launch.shell().file,
          ...(settingsProblem ? { settingsProblem } : {}),
          notifications: notificationSettings(settings?.current.settings ?? {}),
          ...(pty ? { windowsPty: pty } : {}),
        };
      },
      openTerminal: async (params) => {
        const launch = await this.launch.terminal();
        await terminals.closed(params.terminalId);
        return terminals.open(params, launch);
      },
      writeTerminal: ({ terminalId, data }) => {
        terminals.write(terminalId, data);
        return null;
      },
      resizeTerminal: ({ terminalId, cols, rows }) => {
        terminals.resize(terminalId, cols, rows);
        return null;
      },
      acknowledgeTerminal: ({ terminalId, bytes }) => {
        terminals.acknowledge(terminalId, bytes);
        return null;
      },
      closeTerminal: async ({ terminalId }) => {
        await terminals.close(terminalId);
        return null;
      },
      terminalBusy: ({ terminalId }) => terminals.busy(terminalId),
      loadWorkspace: () => workspace.read(),
      saveWorkspace: async ({ workspace: state }) => {
        await workspace.write(state);
        return null;
      },
      openExternal: async ({ url }) => {
        const safe = safeExternalUrl(url);
        if (!safe) throw new Error(`refused to open ${JSON.stringify(url)}: only http(s) links`);
        if (!openExternal) return { opened: false };
        await openExternal(safe);
        return { opened: true };
      },
      chooseExportFile: async ({ suggestedName }) => {
        if (!this.options.chooseSavePath) return { supported: false, token: null };
        const path = await this.options.chooseSavePath(suggestedName);
        if (!path) return { supported: true, token: null };
        const token = randomUUID();
        this.chosenPaths.set(token, path);
        return { supported: true, token };
      },
      writeExportFile: async ({ token, content }) => {
        const path = this.chosenPaths.get(token);
        if (!path)
          throw new Error('that file was not chosen in a save dialog, or is written already');
        this.chosenPaths.delete(token);
        await writeFile(path, content);
        return { path };
      },
      openSettings: async () => {
        if (!settings) throw new Error('this host has no settings file');
        const path = settings.ensure();
        if (!openPath) return { path, opened: false };
        const failure = await openPath(path);
        if (failure) throw new Error(`could not open ${path}: ${failure}`);
        return { path, opened: true };
      },
      ...agentHandlers(agents, this.launch),
      ...worktreeHandlers(agents, this.launch),
      ...libraryHandlers(this.library),
      ...reviewHandlers(agents, this.launch, openPath),
      ...rewindHandlers(agents),
      ...composerHandlers(agents, this.fileIndex),
    };
  }
}

function agentHandlers(
  agents: AgentRegistry,
  launch: LaunchContext,
): Pick<RequestHandlers, AgentRequestName> {
  return {
    openAgent: async (params) => agents.open(params, await launch.agent()),
    sendAgentMessage: ({ agentId, text, uuid, images, priority }) => {
      agents.get(agentId).send(text, uuid, images, priority);
      return null;
    },
    withdrawAgentMessage: async ({ agentId, uuid }) => ({
      withdrawn: await agents.get(agentId).withdraw(uuid),
    }),
    sendAgentMessageNow: async ({ agentId, uuid }) => {
      await agents.get(agentId).sendNow(uuid);
      return null;
    },
    interruptAgent: async ({ agentId }) => {
      await agents.get(agentId).interrupt();
      return null;
    },
    stopAgentTask: async ({ agentId, taskId }) => {
      await agents.get(agentId).stopTask(taskId);
      return null;
    },
    getAgentTaskOutput: ({ agentId, taskId }) => agents.get(agentId).taskOutput(taskId),
    setAgentPermissionMode: async ({ agentId, mode }) => {
      await agents.get(agentId).setPermissionMode(mode);
      return null;
    },
    setAgentModel: async ({ agentId, model }) => {
      await agents.get(agentId).setModel(model);
      return null;
    },
    renameAgent: async ({ agentId, title }) => {
      await agents.get(agentId).rename(title);
      return null;
    },
    answerPermission: ({ agentId, requestId, decision }) => ({
      answered: agents.get(agentId).answerPermission(requestId, decision),
    }),
    openAgentRaw: ({ agentId }) => agents.openRaw(agentId),
    closeAgentRaw: ({ agentId }) => {
      agents.closeRaw(agentId);
      return null;
    },
    closeAgent: async ({ agentId, forget }) => {
      await agents.close(agentId, forget);
      return null;
    },
  };
}

function worktreeHandlers(
  agents: AgentRegistry,
  launch: LaunchContext,
): Pick<RequestHandlers, WorktreeRequestName> {
  const git = async () => ({ env: await launch.environment() });
  // The agent stops first: nothing may write to the worktree while it is merged or removed (and
  // Windows cannot remove a folder a process works in).
  const stopAgent = async (agentId: string | undefined) => {
    if (agentId) await agents.close(agentId);
  };
  return {
    createWorktree: async ({ cwd }) =>
      createWorktree(cwd, { ...(await git()), folder: launch.worktreeFolder(), home: homedir() }),
    worktreeStat: async ({ worktree }) => worktreeStat(worktree, await git()),
    worktreeLeftovers: async ({ worktree }) => worktreeLeftovers(worktree, await git()),
    mergeWorktree: async ({ worktree, agentId }) => {
      await stopAgent(agentId);
      return mergeWorktree(worktree, await git());
    },
    discardWorktree: async ({ worktree, agentId }) => {
      await stopAgent(agentId);
      await discardWorktree(worktree, await git());
      return null;
    },
  };
}

function libraryHandlers(
  library: LibraryService | undefined,
): Pick<RequestHandlers, LibraryRequestName> {
  const open = () => {
    if (!library) throw new Error('this host has no session library');
    return library;
  };
  return {
    listSessions: (filter) => open().list(filter),
    searchSessions: (params) => open().search(params),
    readSession: ({ sessionId }) => open().read(sessionId),
    rescanLibrary: async () => {
      await open().rescan();
      return null;
    },
    revealSessionFile: ({ sessionId }) => open().reveal(sessionId),
  };
}
