import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { errorMessage } from '../../../shared/error-message';
import { SessionLibrary, type ScanProgress } from '../index/session-library';
import { HostMirror, type RunOnHost } from './host-mirror';

/** How the library reaches other machines: the hosts' shared ssh connections. */
export interface LibraryRemote {
  /** The hosts connected to since Tether started: theirs are the sessions fetched. */
  connectedHosts(): string[];
  /** A command on a host's connection if it is up: the library never connects (nor asks). */
  runIfConnected: RunOnHost;
}

export interface HostLibrariesOptions {
  /** Each host's copy and index go in a folder of its own here. */
  dir: string;
  remote: LibraryRemote;
  /** The CLI's folder the remote CLIs are told (their `CLAUDE_CONFIG_DIR`), if one is. */
  claudeConfigDir?: string | undefined;
  log(message: string): void;
  /** A host's sessions changed, or whether they could be fetched. */
  onChange(): void;
  onProgress(progress: ScanProgress): void;
  /** A listing fetches a host's sessions again once this long has passed (default 10 s). */
  refreshMs?: number;
}

interface HostSource {
  mirror: HostMirror;
  library: SessionLibrary;
  syncing: Promise<void> | undefined;
  syncedAt: number;
  /** Why the last fetch failed, in a sentence; null when it worked. */
  error: string | null;
}

/**
 * The sessions of the hosts Tether connects to: per host, a copy of its session files
 * (`HostMirror`) indexed by a `SessionLibrary` of its own, as this computer's are. A host's copy
 * outlives the connection, so its sessions still list (and read) when it is not connected.
 */
export class HostLibraries {
  private readonly sources = new Map<string, HostSource>();
  /** Hosts whose copy an earlier run left, read once. */
  private earlier: Promise<string[]> | undefined;
  private closed = false;

  constructor(private readonly options: HostLibrariesOptions) {}

  /** The hosts whose sessions there are to show: connected ones and earlier copies. */
  async hosts(): Promise<string[]> {
    this.earlier ??= this.copiesOnDisk();
    const all = new Set([
      ...(await this.earlier),
      ...this.sources.keys(),
      ...this.options.remote.connectedHosts(),
    ]);
    return [...all].sort((a, b) => a.localeCompare(b));
  }

  /** The index of `host`'s sessions; rejects for a host the library has nothing of. */
  async library(host: string): Promise<SessionLibrary> {
    return (await this.source(host)).library;
  }

  /** The copy of `host`'s session files. */
  async mirror(host: string): Promise<HostMirror> {
    return (await this.source(host)).mirror;
  }

  /**
   * Fetches what changed on each connected host, in the background of a listing: at most once
   * per `refreshMs` a host unless `now`. Resolves when the fetches (and their indexing) are done.
   */
  async refresh(now = false): Promise<void> {
    const refreshMs = this.options.refreshMs ?? 10_000;
    await Promise.all(
      this.options.remote.connectedHosts().map(async (host) => {
        const source = await this.source(host);
        if (now || Date.now() - source.syncedAt >= refreshMs) await this.sync(host);
      }),
    );
  }

  /**
   * Fetches what changed on `host` now (one fetch at a time per host), then indexes it. A host
   * that is not connected now keeps what was fetched before, and says so.
   */
  async sync(host: string): Promise<void> {
    const source = await this.source(host, true);
    source.syncing ??= (async () => {
      const before = source.error;
      try {
        await source.mirror.sync();
        source.error = null;
      } catch (error) {
        source.error = withoutHost(errorMessage(error), host);
        this.options.log(`session library: ${host}: ${source.error}`);
      }
      source.syncedAt = Date.now();
      // Also after a failure: the copy holds what was fetched before it.
      if (!this.closed) await source.library.rescan();
      if (source.error !== before) this.options.onChange();
    })().finally(() => (source.syncing = undefined));
    return source.syncing;
  }

  /** The hosts whose sessions could not be fetched the last time, with why. */
  problems(): { host: string; error: string }[] {
    return [...this.sources].flatMap(([host, { error }]) => (error ? [{ host, error }] : []));
  }

  async dispose(): Promise<void> {
    this.closed = true;
    await Promise.all(
      [...this.sources.values()].map(async (source) => {
        await source.syncing?.catch(() => undefined);
        await source.library.dispose();
      }),
    );
    this.sources.clear();
  }

  private async source(host: string, connect = false): Promise<HostSource> {
    const known = this.sources.get(host);
    if (known) return known;
    if (this.closed) throw new Error('the session library is closed');
    if (!connect && !(await this.hosts()).includes(host))
      throw new Error(`the library has no sessions of ${host}: Tether has not connected to it`);
    // Another call may have opened it while this one waited.
    const opened = this.sources.get(host);
    if (opened) return opened;
    const dir = join(this.options.dir, folderName(host));
    const mirror = new HostMirror({
      host,
      dir,
      run: (on, command) => this.options.remote.runIfConnected(on, command),
      claudeConfigDir: this.options.claudeConfigDir,
    });
    const library = new SessionLibrary({
      claudeDir: mirror.claudeDir,
      indexDir: join(dir, 'index'),
      log: this.options.log,
      // Only a fetch changes the copy, and it rescans when it is done.
      watch: false,
    });
    library.onChange(this.options.onChange);
    library.onProgress(this.options.onProgress);
    // What an earlier run indexed lists at once; the copy is brought up to date by `refresh`.
    void library.start();
    const source: HostSource = { mirror, library, syncing: undefined, syncedAt: 0, error: null };
    this.sources.set(host, source);
    return source;
  }

  private async copiesOnDisk(): Promise<string[]> {
    const folders = await readdir(this.options.dir).catch(() => [] as string[]);
    const hosts = await Promise.all(
      folders.map((folder) => HostMirror.hostOf(join(this.options.dir, folder))),
    );
    return hosts.filter((host): host is string => host !== undefined);
  }
}

/**
 * A host's folder name: its name with anything a file name could take otherwise (`/`, `:`, a
 * leading `.`) escaped, one folder per name.
 */
function folderName(host: string): string {
  return encodeURIComponent(host).replace(
    /[.*!'()~]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** ssh's failures name the host already; the library names it beside them. */
function withoutHost(message: string, host: string): string {
  return message.startsWith(`${host}: `) ? message.slice(host.length + 2) : message;
}
