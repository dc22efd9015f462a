import {
  describeIssues,
  hostRequests,
  isRequestName,
  type EventMessage,
  type HostResponse,
  type RequestName,
  type RequestParams,
  type RequestResult,
} from '../../shared/host-contract';
import { safeExternalUrl } from '../../shared/external-url';
import type { WorkspaceState } from '../../shared/workspace-state';
import { TerminalRegistry, type TerminalDefaults } from './terminal-registry';

export interface HostOptions extends TerminalDefaults {
  workspace: {
    read(): Promise<WorkspaceState | null>;
    write(state: WorkspaceState): Promise<void>;
  };
  /** Opens a vetted http(s) URL in the system browser; absent where the host cannot (browser mode). */
  openExternal?: (url: string) => Promise<void>;
  log?: (message: string) => void;
}

/** One client of the host: a window over IPC or a browser tab over a WebSocket. */
export interface HostConnection {
  request(name: unknown, params: unknown): Promise<HostResponse>;
  /** Ends everything the client started. */
  close(): Promise<void>;
}

type RequestHandlers = {
  [K in RequestName]: (params: RequestParams<K>) => RequestResult<K> | Promise<RequestResult<K>>;
};

/**
 * The transport-agnostic host: it checks every request against the contract before acting on
 * it, answers with a result or a one-line error, and owns what each client started.
 */
export class Host {
  private readonly connections = new Set<HostConnection>();
  private readonly log: (message: string) => void;

  constructor(private readonly options: HostOptions) {
    this.log = options.log ?? console.warn;
  }

  connect(emit: (event: EventMessage) => void): HostConnection {
    let open = true;
    const terminals = new TerminalRegistry(this.options, (event) => {
      if (open) emit(event);
    });
    const handlers = this.handlers(terminals);
    const connection: HostConnection = {
      request: (name, params) => this.dispatch(handlers, name, params),
      close: async () => {
        open = false;
        this.connections.delete(connection);
        await terminals.closeAll();
      },
    };
    this.connections.add(connection);
    return connection;
  }

  async dispose(): Promise<void> {
    await Promise.all([...this.connections].map((connection) => connection.close()));
  }

  private async dispatch(
    handlers: RequestHandlers,
    name: unknown,
    params: unknown,
  ): Promise<HostResponse> {
    if (!isRequestName(name)) return this.reject(`unknown request ${JSON.stringify(name)}`);
    const parsed = hostRequests[name].params.safeParse(params);
    if (!parsed.success) return this.reject(`${name}: ${describeIssues(parsed.error)}`);
    try {
      const handler = handlers[name] as (params: unknown) => unknown;
      return { ok: true, result: await handler(parsed.data) };
    } catch (error) {
      return this.reject(`${name}: ${(error as Error).message}`);
    }
  }

  private reject(error: string): HostResponse {
    this.log(`tether host: rejected ${error}`);
    return { ok: false, error };
  }

  private handlers(terminals: TerminalRegistry): RequestHandlers {
    const { workspace, openExternal, workspaceDir, shell } = this.options;
    return {
      getAppInfo: () => ({ workspaceDir, platform: process.platform, shell: shell.file }),
      openTerminal: (params) => terminals.open(params),
      writeTerminal: ({ terminalId, data }) => {
        terminals.get(terminalId).write(data);
        return null;
      },
      resizeTerminal: ({ terminalId, cols, rows }) => {
        terminals.get(terminalId).resize(cols, rows);
        return null;
      },
      acknowledgeTerminal: ({ terminalId, chars }) => {
        terminals.get(terminalId).acknowledge(chars);
        return null;
      },
      closeTerminal: async ({ terminalId }) => {
        await terminals.close(terminalId);
        return null;
      },
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
    };
  }
}
