import {
  appendFile,
  mkdir,
  readFile,
  readdir,
  rename,
  rm,
  rmdir,
  stat,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { UUID } from '../../../shared/contract/ids';
import { remoteCommandLine } from '../../../shared/remote-command-line';

/** Runs a command on a host over its shared ssh connection: its output, or a rejection in words. */
export type RunOnHost = (host: string, command: string) => Promise<string>;

export interface HostMirrorOptions {
  host: string;
  /** This host's own folder under the library's index folder. */
  dir: string;
  run: RunOnHost;
  /**
   * The CLI's folder there when the remote CLI is told one (its `CLAUDE_CONFIG_DIR`); otherwise
   * the remote's own `CLAUDE_CONFIG_DIR`, else `~/.claude`.
   */
  claudeConfigDir?: string | undefined;
}

/** What one sync did. */
export interface MirrorSync {
  /** Files fetched (whole or their new end) or removed. */
  changed: number;
}

interface RemoteFile {
  /** Relative to the projects folder, with `/`. */
  path: string;
  size: number;
  mtimeMs: number;
}

/**
 * Lists the session files under the projects folder with their size and mtime, as `SIZE MTIME
 * ./PATH` lines after the folder's absolute path; `missing` when there is no projects folder.
 * GNU find prints them itself; elsewhere (BSD, macOS, busybox) `stat` does, in whole seconds.
 * Run by `sh` through `remoteCommandLine`, whatever the login shell there; `$1` is the CLI's folder when one is given. `end` tells a complete
 * listing from one cut short.
 */
const LIST_SCRIPT = [
  'd=${1:-${CLAUDE_CONFIG_DIR:-$HOME/.claude}}/projects',
  'cd "$d" 2>/dev/null || { echo missing; exit 0; }',
  'pwd',
  'set -- . -mindepth 2 -maxdepth 4 -type f "(" -name "*.jsonl" -o -name "*.meta.json" ")"',
  'if find . -maxdepth 0 -printf "" >/dev/null 2>&1; then find "$@" -printf "%s %T@ %p',
  '" 2>/dev/null',
  'elif stat -c %s . >/dev/null 2>&1; then find "$@" -exec stat -c "%s %Y %n" {} + 2>/dev/null',
  'else find "$@" -exec stat -f "%z %m %N" {} + 2>/dev/null; fi',
  'echo end',
].join('\n');

/**
 * Prints each file asked for (`FROM PATH` pairs after the projects folder) from byte FROM on, in
 * base64 after a `file PATH` line, or `gone PATH` / `denied PATH`; a `.` line ends each. A
 * project folder's name starts with `-`: each path is given as `./PATH`, never as an option.
 */
const FETCH_SCRIPT = [
  'cd "$1" || exit 1',
  'shift',
  'command -v base64 >/dev/null || { echo "base64 is not installed on $(uname -n)." >&2; exit 1; }',
  'while [ $# -gt 1 ]; do',
  'if [ ! -f "./$2" ]; then echo "gone $2"',
  'elif [ ! -r "./$2" ]; then echo "denied $2"',
  'else echo "file $2"; tail -c +$(($1 + 1)) "./$2" | base64; fi',
  'echo .',
  'shift 2',
  'done',
].join('\n');

/**
 * A session, or a subagent's transcript or its meta file beside it, as the CLI names them (a
 * project folder is its path with every other character made `-`), never `.` or `..`.
 */
const FOLDER = String.raw`(?!\.\.?/)[A-Za-z0-9_.-]+`;
const ID = UUID.source.slice(1, -1);
const MIRRORED = new RegExp(
  `^${FOLDER}/(?:${ID}\\.jsonl|${ID}/subagents/agent-[A-Za-z0-9_-]+\\.(?:jsonl|meta\\.json))$`,
  'i',
);
const LISTED = /^(\d+) (\d+)(?:\.(\d+))? \.\/(.+)$/;

/** One fetch command's share: few enough files for a command line, little enough text to hold. */
const BATCH_FILES = 200;
const BATCH_BYTES = 16 * 1024 * 1024;

/** What `host.json` in a host's folder says: its name and where its sessions are there. */
interface HostRecord {
  host: string;
  projects: string | null;
}

/**
 * A copy of a host's session files in a folder of Tether's, kept by `sync`: one listing over the
 * host's connection, then only what changed is fetched (a file that grew, only its new end: the
 * CLI appends to a transcript) and what went is removed. The copy is laid out as the CLI's own
 * folder (`claudeDir`), for the library to index as it indexes this computer's.
 */
export class HostMirror {
  readonly claudeDir: string;
  private readonly projects: string;
  private readonly recordFile: string;

  constructor(private readonly options: HostMirrorOptions) {
    this.claudeDir = join(options.dir, 'claude');
    this.projects = join(this.claudeDir, 'projects');
    this.recordFile = join(options.dir, 'host.json');
  }

  async sync(): Promise<MirrorSync> {
    const { host, run, claudeConfigDir } = this.options;
    const listing = await run(host, remoteCommandLine(LIST_SCRIPT, [claudeConfigDir ?? '']));
    const lines = listing.split('\n').filter(Boolean);
    if (lines[0] === 'missing') {
      // No session was ever written there: nor is one here.
      await rm(this.projects, { recursive: true, force: true });
      await this.record(null);
      return { changed: 0 };
    }
    if (lines.at(-1) !== 'end') throw new Error(`${host}: the list of its sessions was cut short.`);
    const projectsThere = lines[0]!;
    const remote = new Map<string, RemoteFile>();
    for (const line of lines.slice(1, -1)) {
      const file = parseListed(line);
      if (file) remote.set(file.path, file);
    }
    await mkdir(this.projects, { recursive: true });
    await this.record(projectsThere);
    const here = await this.localFiles();
    let changed = 0;
    for (const path of here.keys())
      if (!remote.has(path)) {
        await rm(this.local(path), { force: true });
        await removeEmptyFolders(dirname(this.local(path)), this.projects);
        changed++;
      }
    const wanted = [...remote.values()].flatMap((file) => {
      const local = here.get(file.path);
      if (local && local.size === file.size && local.mtimeMs === file.mtimeMs) return [];
      // Grown: only its new end. Shrunk: rewritten, so all of it.
      return [{ file, from: local && local.size < file.size ? local.size : 0 }];
    });
    for (const batch of batches(wanted)) changed += await this.fetch(projectsThere, batch);
    return { changed };
  }

  /** Where a file of the copy is on the host, or undefined for a path outside the copy. */
  async remotePath(localPath: string): Promise<string | undefined> {
    const inside = relative(this.projects, localPath);
    if (inside.startsWith('..') || inside === '') return undefined;
    const record = await this.read();
    return record?.projects ? `${record.projects}/${inside.split(sep).join('/')}` : undefined;
  }

  /** The host a folder under the library's `hosts/` mirrors, from its record. */
  static async hostOf(dir: string): Promise<string | undefined> {
    try {
      const record = JSON.parse(await readFile(join(dir, 'host.json'), 'utf8')) as HostRecord;
      return typeof record.host === 'string' ? record.host : undefined;
    } catch {
      return undefined;
    }
  }

  private async fetch(
    projectsThere: string,
    batch: readonly { file: RemoteFile; from: number }[],
  ): Promise<number> {
    const args = batch.flatMap(({ file, from }) => [String(from), file.path]);
    const output = await this.options.run(
      this.options.host,
      remoteCommandLine(FETCH_SCRIPT, [projectsThere, ...args]),
    );
    const asked = new Map(batch.map((entry) => [entry.file.path, entry]));
    let changed = 0;
    for (const [kind, path, base64] of fetchedRecords(output)) {
      const entry = asked.get(path);
      if (!entry) continue;
      const target = this.local(path);
      if (kind === 'gone') {
        await rm(target, { force: true });
        changed++;
        continue;
      }
      if (kind === 'denied') continue;
      const bytes = Buffer.from(base64, 'base64');
      await mkdir(dirname(target), { recursive: true });
      if (entry.from > 0) await appendFile(target, bytes);
      else {
        // Whole, then renamed into place: the library never reads half a copy.
        const partial = `${target}.partial`;
        await writeFile(partial, bytes);
        await rename(partial, target);
      }
      // The host's mtime: the next listing compares with it, and the library calls a session
      // written in the last seconds live.
      const mtime = new Date(entry.file.mtimeMs);
      await utimes(target, mtime, mtime);
      changed++;
    }
    return changed;
  }

  /** The copy's files by path relative to the projects folder. */
  private async localFiles(): Promise<Map<string, { size: number; mtimeMs: number }>> {
    const files = new Map<string, { size: number; mtimeMs: number }>();
    const entries = await readdir(this.projects, { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const full = join(entry.parentPath, entry.name);
      const path = relative(this.projects, full).split(sep).join('/');
      if (!MIRRORED.test(path)) {
        await rm(full, { force: true }); // A `.partial` an interrupted fetch left.
        continue;
      }
      const info = await stat(full).catch(() => null);
      // Rounded: a time set in milliseconds reads back a hair under them.
      if (info) files.set(path, { size: info.size, mtimeMs: Math.round(info.mtimeMs) });
    }
    return files;
  }

  private local(path: string): string {
    return join(this.projects, ...path.split('/'));
  }

  private async read(): Promise<HostRecord | null> {
    try {
      return JSON.parse(await readFile(this.recordFile, 'utf8')) as HostRecord;
    } catch {
      return null;
    }
  }

  private async record(projects: string | null): Promise<void> {
    const record: HostRecord = { host: this.options.host, projects };
    await mkdir(this.options.dir, { recursive: true });
    await writeFile(this.recordFile, JSON.stringify(record));
  }
}

/** A listing line as a session file to copy; null for anything else the host has there. */
function parseListed(line: string): RemoteFile | null {
  const match = LISTED.exec(line);
  if (!match) return null;
  const [, size, seconds, fraction = '', path] = match;
  if (!MIRRORED.test(path!)) return null;
  return {
    path: path!,
    size: Number(size),
    mtimeMs: Number(seconds) * 1000 + Math.round(Number(`0.${fraction}`) * 1000),
  };
}

/** The fetch script's records: what each file asked for became, with its base64 text. */
function* fetchedRecords(output: string): Generator<['file' | 'gone' | 'denied', string, string]> {
  let head: ['file' | 'gone' | 'denied', string] | null = null;
  let body: string[] = [];
  for (const line of output.split('\n')) {
    if (head === null) {
      const match = /^(file|gone|denied) (.+)$/.exec(line);
      if (match) head = [match[1] as 'file' | 'gone' | 'denied', match[2]!];
      body = [];
    } else if (line === '.') {
      yield [...head, body.join('')];
      head = null;
    } else body.push(line);
  }
}

function* batches<T extends { file: RemoteFile }>(wanted: readonly T[]): Generator<T[]> {
  let batch: T[] = [];
  let bytes = 0;
  for (const entry of wanted) {
    if (
      batch.length > 0 &&
      (batch.length >= BATCH_FILES || bytes + entry.file.size > BATCH_BYTES)
    ) {
      yield batch;
      batch = [];
      bytes = 0;
    }
    batch.push(entry);
    bytes += entry.file.size;
  }
  if (batch.length > 0) yield batch;
}

/** Removes `dir` and its parents up to `root` (not included) while they are empty. */
async function removeEmptyFolders(dir: string, root: string): Promise<void> {
  for (
    let at = dir;
    at !== root && relative(root, at) && !relative(root, at).startsWith('..');
    at = dirname(at)
  ) {
    try {
      await rmdir(at);
    } catch {
      return; // Not empty.
    }
  }
}
