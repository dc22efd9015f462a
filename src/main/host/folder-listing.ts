import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { localFiles, readOnlyGit, type Files, type ProcessSpec } from '../git/git';
import type { RemoteFiles } from '../git/remote-files';

export interface ListingLimits {
  /** The most paths a listing holds: a huge tree is cut, not walked to its end. */
  maxFiles: number;
  /** How long a listing may take; what was found by then is what it holds. */
  timeMs: number;
}

export interface FolderListing {
  /** Files relative to the folder, `/`-separated, whatever the platform. */
  files: string[];
  /** Cut at a limit (too many files, or out of time). */
  truncated: boolean;
  /** `git` inside a work tree, else a walk of the folder. */
  how: 'git' | 'walk';
}

/**
 * The files of a folder a user may mean with `@`: in a git work tree what git tracks or would
 * (tracked and untracked, ignored ones left out); elsewhere a walk that honours each folder's
 * .gitignore. Both stop at the limits.
 */
export function listFolder(
  root: string,
  limits: ListingLimits,
  env: NodeJS.ProcessEnv = process.env,
): Promise<FolderListing> {
  return gitElseWalk(localFiles(env), root, limits, (remaining) => walkFolder(root, remaining));
}

/**
 * The same on another machine: git there, and elsewhere `find` there, which leaves out `.git`
 * folders but knows nothing of .gitignore.
 */
export function listRemoteFolder(
  files: RemoteFiles,
  root: string,
  limits: ListingLimits,
): Promise<FolderListing> {
  return gitElseWalk(files, root, limits, async (remaining) => {
    const found = await streamPaths(await files.findProcess(root), remaining);
    // Thrown rather than empty, so that the index asks again next time.
    if (!found) throw new Error(`the files of ${root} on ${files.host} could not be listed`);
    return { ...found, files: found.files.map((path) => path.replace(/^\.\//, '')) };
  });
}

async function gitElseWalk(
  files: Files,
  root: string,
  limits: ListingLimits,
  walk: (limits: ListingLimits) => Promise<Omit<FolderListing, 'how'>>,
): Promise<FolderListing> {
  const started = Date.now();
  const read = readOnlyGit(['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {});
  const git = await files.gitProcess(root, read.args, read.env as Record<string, string>);
  const fromGit = await streamPaths(git, limits);
  if (fromGit) return { ...fromGit, how: 'git' };
  const remaining = { ...limits, timeMs: Math.max(0, limits.timeMs - (Date.now() - started)) };
  return { ...(await walk(remaining)), how: 'walk' };
}

/**
 * The NUL-separated paths a process prints, cut at the limits (the process is then ended). Null
 * when it fails or cannot start (outside a work tree, or without git): the caller walks instead.
 */
function streamPaths(
  spec: ProcessSpec,
  { maxFiles, timeMs }: ListingLimits,
): Promise<Omit<FolderListing, 'how'> | null> {
  return new Promise((resolve) => {
    const child = spawn(spec.file, spec.args, {
      ...(spec.cwd ? { cwd: spec.cwd } : {}),
      env: spec.env,
      stdio: ['ignore', 'pipe', 'ignore'],
      windowsHide: true,
    });
    const files = new Set<string>();
    let rest = '';
    let truncated = false;
    const stop = () => {
      truncated = true;
      child.kill();
    };
    const timer = setTimeout(stop, timeMs);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (truncated) return;
      const parts = (rest + chunk).split('\0');
      rest = parts.pop()!;
      for (const path of parts) {
        // git lists a file with unmerged stages once per stage.
        files.add(path);
        if (files.size >= maxFiles) return stop();
      }
    });
    child.on('error', () => {
      clearTimeout(timer);
      resolve(null);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code !== 0 && !truncated) resolve(null);
      else resolve({ files: [...files], truncated });
    });
  });
}

/** One folder's .gitignore, which speaks of paths below that folder. */
interface IgnoreRules {
  base: string;
  rules: Ignore;
}

function ignored(path: string, isDirectory: boolean, scopes: readonly IgnoreRules[]): boolean {
  const asked = isDirectory ? `${path}/` : path;
  return scopes.some(({ base, rules }) =>
    rules.ignores(base ? asked.slice(base.length + 1) : asked),
  );
}

async function rulesIn(root: string, folder: string): Promise<IgnoreRules | null> {
  try {
    const text = await readFile(join(root, folder, '.gitignore'), 'utf8');
    return { base: folder, rules: ignore().add(text) };
  } catch {
    return null;
  }
}

/** Breadth first, so that a cut listing holds the files nearest the top. */
export async function walkFolder(
  root: string,
  { maxFiles, timeMs }: ListingLimits,
): Promise<Omit<FolderListing, 'how'>> {
  const deadline = Date.now() + timeMs;
  const files: string[] = [];
  const queue: { folder: string; scopes: IgnoreRules[] }[] = [{ folder: '', scopes: [] }];
  while (queue.length > 0) {
    if (Date.now() > deadline) return { files, truncated: true };
    const { folder, scopes: outer } = queue.shift()!;
    const own = await rulesIn(root, folder);
    const scopes = own ? [...outer, own] : outer;
    let entries;
    try {
      entries = await readdir(join(root, folder), { withFileTypes: true });
    } catch {
      continue; // unreadable: left out, like git leaves out what it cannot read
    }
    for (const entry of entries) {
      const path = folder ? `${folder}/${entry.name}` : entry.name;
      // Links are not followed: one could lead out of the folder or round in a circle.
      if (entry.isDirectory()) {
        if (entry.name !== '.git' && !ignored(path, true, scopes))
          queue.push({ folder: path, scopes });
      } else if (entry.isFile() && !ignored(path, false, scopes)) {
        files.push(path);
        if (files.length >= maxFiles) return { files, truncated: true };
      }
    }
  }
  return { files, truncated: false };
}
