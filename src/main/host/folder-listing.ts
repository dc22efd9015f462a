import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { readOnlyGit } from '../git/git';

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
export async function listFolder(
  root: string,
  limits: ListingLimits,
  env: NodeJS.ProcessEnv = process.env,
): Promise<FolderListing> {
  const started = Date.now();
  const fromGit = await gitFiles(root, limits, env);
  if (fromGit) return { ...fromGit, how: 'git' };
  const remaining = { ...limits, timeMs: Math.max(0, limits.timeMs - (Date.now() - started)) };
  return { ...(await walkFolder(root, remaining)), how: 'walk' };
}

/** Null outside a work tree (or without git): the caller walks instead. */
function gitFiles(
  root: string,
  { maxFiles, timeMs }: ListingLimits,
  env: NodeJS.ProcessEnv,
): Promise<Omit<FolderListing, 'how'> | null> {
  return new Promise((resolve) => {
    const read = readOnlyGit(['ls-files', '--cached', '--others', '--exclude-standard', '-z'], env);
    const child = spawn('git', read.args, {
      cwd: root,
      env: read.env,
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
        // A file with unmerged stages is listed once per stage.
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
