import fuzzysort, { type SnapshotKeys } from 'fuzzysort';
import { listFolder, type FolderListing, type ListingLimits } from './folder-listing';

export interface FileIndexOptions extends ListingLimits {
  /** After this long a folder's listing is taken again (the older one answers meanwhile). */
  refreshMs: number;
  /** How many folders are kept; the least recently asked goes first. */
  maxFolders: number;
  /** Lists one folder (a parameter so that tests can count and slow listings). */
  list?: (root: string, limits: ListingLimits) => Promise<FolderListing>;
  now?: () => number;
}

const DEFAULTS: FileIndexOptions = {
  maxFiles: 50_000,
  timeMs: 3000,
  refreshMs: 15_000,
  maxFolders: 16,
};

/** Another machine's folders: listed there, and kept apart from this machine's. */
export interface RemoteListing {
  host: string;
  list(root: string, limits: ListingLimits): Promise<FolderListing>;
}

/** A path and its last name, which a match counts as much as the whole path. */
interface Candidate {
  path: string;
  name: string;
}

interface Entry {
  /** Files and the folders above them (those end in `/`), prepared for fuzzy matching. */
  targets: SnapshotKeys<Candidate>;
  /** What sits directly in the folder, for a bare `@`. */
  top: string[];
  listedAt: number;
  refreshing: Promise<Entry> | null;
}

/** The folders that hold the files, each once and ending in `/`: "src/" completes too. */
function withFolders(files: readonly string[]): string[] {
  const folders = new Set<string>();
  for (const file of files) {
    for (let slash = file.indexOf('/'); slash !== -1; slash = file.indexOf('/', slash + 1)) {
      folders.add(file.slice(0, slash + 1));
    }
  }
  return [...folders, ...files];
}

function topLevel(paths: readonly string[]): string[] {
  return paths
    .filter((path) => !/\/./.test(path))
    .sort((a, b) => Number(b.endsWith('/')) - Number(a.endsWith('/')) || a.localeCompare(b));
}

/**
 * The files of the folders agents work in, for `@` completion when Claude Code has no answer:
 * each folder listed once, answered from memory, and listed again in the background once the
 * listing is older than `refreshMs`.
 */
export class FileIndex {
  private readonly entries = new Map<string, Promise<Entry>>();
  private readonly options: FileIndexOptions;

  constructor(options: Partial<FileIndexOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  /**
   * Paths under `root` matching `query` loosely, best first; a bare query gets the top level.
   * `remote`: `root` is a folder on that host.
   */
  async search(root: string, query: string, limit = 50, remote?: RemoteListing): Promise<string[]> {
    const entry = await this.entry(root, remote);
    if (!query) return entry.top.slice(0, limit);
    return fuzzysort
      .go(query, entry.targets, { limit, threshold: 0.3 })
      .map((result) => result.obj.path);
  }

  private entry(root: string, remote: RemoteListing | undefined): Promise<Entry> {
    const now = this.now();
    // A NUL is in no path: a host's folder never takes the place of one here.
    const key = remote ? `${remote.host}\0${root}` : root;
    const cached = this.entries.get(key);
    this.entries.delete(key);
    if (!cached) {
      const fresh = this.build(root, remote);
      // A failed listing is not kept: the next question tries again.
      fresh.catch(() => this.entries.delete(key));
      return this.keep(key, fresh);
    }
    this.keep(key, cached);
    return cached.then((entry) => {
      if (now - entry.listedAt >= this.options.refreshMs && !entry.refreshing) {
        entry.refreshing = this.build(root, remote);
        entry.refreshing.then(
          (next) => {
            if (this.entries.has(key)) this.entries.set(key, Promise.resolve(next));
          },
          () => (entry.refreshing = null),
        );
      }
      return entry;
    });
  }

  private keep(key: string, entry: Promise<Entry>): Promise<Entry> {
    this.entries.set(key, entry);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.options.maxFolders) break;
      this.entries.delete(oldest);
    }
    return entry;
  }

  private async build(root: string, remote: RemoteListing | undefined): Promise<Entry> {
    const { maxFiles, timeMs } = this.options;
    const list = remote?.list ?? this.options.list ?? listFolder;
    const { files } = await list(root, { maxFiles, timeMs });
    const paths = withFolders(files);
    return {
      targets: fuzzysort.snapshot(
        paths.map((path) => ({ path, name: path.replace(/\/$/, '').split('/').pop()! })),
        { keys: ['name', 'path'] },
      ),
      top: topLevel(paths),
      listedAt: this.now(),
      refreshing: null,
    };
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}
