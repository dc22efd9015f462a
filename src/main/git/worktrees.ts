import { existsSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import {
  LEFTOVERS_LISTED,
  type Worktree,
  type WorktreeLeftovers,
  type WorktreeStat,
} from '../../shared/worktree';
import { git, GitError, type GitOptions } from './git';

export interface CreateOptions extends GitOptions {
  /** The `worktreeFolder` setting: where worktrees go; relative to the repository, `~` is home. */
  folder?: string | null | undefined;
  home: string;
  /** A few random characters for the slug (injected so tests can force a collision). */
  random?: () => string;
}

const randomSlug = () => Math.random().toString(36).slice(2, 6).padEnd(4, '0');

/**
 * A new worktree on a new branch `tether/agent-xxxx` from the current HEAD of the repository
 * `cwd` is in, under the worktree folder.
 */
export async function createWorktree(cwd: string, options: CreateOptions): Promise<Worktree> {
  const top = resolve((await inRepository(cwd, options)).trim());
  const commit = (
    await git(top, ['rev-parse', '--verify', '-q', 'HEAD'], options).catch(() => '')
  ).trim();
  if (!commit) {
    throw new GitError(`${top} has no commit yet: a worktree starts from one, so commit first`, 1);
  }
  const branchName = (
    await git(top, ['symbolic-ref', '-q', '--short', 'HEAD'], options).catch(() => '')
  ).trim();
  const folder = worktreeFolder(top, options.folder, options.home);
  const random = options.random ?? randomSlug;
  for (let attempt = 0; attempt < 20; attempt++) {
    const slug = `agent-${random()}`;
    const branch = `tether/${slug}`;
    const path = join(folder, slug);
    if (existsSync(path) || (await branchExists(top, branch, options))) continue;
    await git(top, ['worktree', 'add', '-b', branch, path, commit], options);
    return {
      repo: top,
      path,
      branch,
      base: branchName || commit.slice(0, 12),
      baseCommit: commit,
      baseIsBranch: Boolean(branchName),
    };
  }
  throw new GitError(`no free worktree name under ${folder}: remove old ones there`, null);
}

/** The folder worktrees go in: the setting, else `<repo>.worktrees` beside the repository. */
export function worktreeFolder(repo: string, setting: string | null | undefined, home: string) {
  if (!setting) return join(dirname(repo), `${basename(repo)}.worktrees`);
  if (setting === '~' || /^~[\\/]/.test(setting)) return join(home, setting.slice(1));
  return isAbsolute(setting) ? resolve(setting) : resolve(repo, setting);
}

/** The header's diff stat: the worktree against where its branch forked from the base. */
export async function worktreeStat(worktree: Worktree, options: GitOptions): Promise<WorktreeStat> {
  if (!existsSync(worktree.path)) throw new GitError(`${worktree.path} is gone`, null);
  const fork = await forkPoint(worktree, options);
  const [shortstat, untracked, commits] = await Promise.all([
    git(worktree.path, ['diff', '--shortstat', fork], options),
    git(worktree.path, ['ls-files', '--others', '--exclude-standard', '-z'], options),
    git(worktree.path, ['rev-list', '--count', `${fork}..HEAD`], options),
  ]);
  const number = (pattern: RegExp) => Number(pattern.exec(shortstat)?.[1] ?? 0);
  const newFiles = untracked.split('\0').filter(Boolean).length;
  return {
    files: number(/(\d+) files? changed/) + newFiles,
    insertions: number(/(\d+) insertions?/),
    deletions: number(/(\d+) deletions?/),
    untracked: newFiles,
    commits: Number(commits.trim()) || 0,
  };
}

/** What discarding the worktree would lose: commits its base lacks and uncommitted files. */
export async function worktreeLeftovers(
  worktree: Worktree,
  options: GitOptions,
): Promise<WorktreeLeftovers> {
  await checkedWorktree(worktree, options);
  const target = worktree.baseIsBranch ? worktree.base : worktree.baseCommit;
  const [log, status] = await Promise.all([
    git(
      repositoryOf(worktree),
      ['log', '--format=%h%x1f%s', `${target}..${worktree.branch}`],
      options,
    ),
    existsSync(worktree.path)
      ? git(worktree.path, ['status', '--porcelain=v1', '-z', '--untracked-files=all'], options)
      : Promise.resolve(''),
  ]);
  const commits = log
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [sha = '', subject = ''] = line.split('\x1f');
      return { sha, subject };
    });
  const files = changedFiles(status);
  return {
    unmergedCommits: commits.slice(0, LEFTOVERS_LISTED),
    unmergedTotal: commits.length,
    uncommittedFiles: files.slice(0, LEFTOVERS_LISTED),
    uncommittedTotal: files.length,
  };
}

/**
 * Merges the worktree's branch into its base where the base is checked out, after committing
 * what the agent left uncommitted; then removes the worktree and the merged branch. A conflict
 * aborts the merge, so nothing changes in the base's checkout.
 */
export async function mergeWorktree(
  worktree: Worktree,
  options: GitOptions,
): Promise<{ into: string; commit: string }> {
  const entries = await checkedWorktree(worktree, options);
  const { branch, base } = worktree;
  if (!worktree.baseIsBranch) {
    throw new GitError(
      `${branch} was made from a detached HEAD (${base}): there is no branch to merge it into`,
      null,
    );
  }
  const target = entries.find((entry) => entry.branch === `refs/heads/${base}`);
  if (!target) {
    throw new GitError(
      `${base} is not checked out anywhere: check it out, then merge ${branch} yourself`,
      null,
    );
  }
  if (changedFiles(await git(worktree.path, ['status', '--porcelain=v1', '-z'], options)).length) {
    await git(worktree.path, ['add', '-A'], options);
    await git(worktree.path, ['commit', '-q', '-m', `Agent work in ${branch}`], options).catch(
      (error: GitError) => {
        throw new GitError(`could not commit what ${branch} left uncommitted: ${error.message}`, 1);
      },
    );
  }
  try {
    await git(target.path, ['merge', '--no-edit', branch], options);
  } catch (error) {
    throw await abortedMerge(target.path, worktree, error as GitError, options);
  }
  const commit = (await git(target.path, ['rev-parse', '--short', 'HEAD'], options)).trim();
  await removeWorktree(worktree, ['branch', '-d', branch], options);
  return { into: base, commit };
}

/** Removes the worktree, whatever it holds, and deletes its branch. */
export async function discardWorktree(worktree: Worktree, options: GitOptions): Promise<void> {
  await checkedWorktree(worktree, options);
  await removeWorktree(worktree, ['branch', '-D', worktree.branch], options);
}

interface WorktreeEntry {
  path: string;
  branch?: string;
}

async function inRepository(cwd: string, options: GitOptions): Promise<string> {
  try {
    return await git(cwd, ['rev-parse', '--show-toplevel'], options);
  } catch (error) {
    if (error instanceof GitError && /not a git repository/i.test(error.message)) {
      throw new GitError(
        `${cwd} is not in a git repository: a worktree needs one (git init there, or start from a block that is in one)`,
        error.exitCode,
      );
    }
    throw error;
  }
}

async function branchExists(repo: string, branch: string, options: GitOptions) {
  return git(repo, ['rev-parse', '--verify', '-q', `refs/heads/${branch}`], options).then(
    () => true,
    () => false,
  );
}

async function forkPoint(worktree: Worktree, options: GitOptions): Promise<string> {
  if (!worktree.baseIsBranch) return worktree.baseCommit;
  // The base may have moved on, or been merged in: diff against where the two meet now.
  const meet = await git(worktree.path, ['merge-base', worktree.base, 'HEAD'], options).catch(
    () => '',
  );
  return meet.trim() || worktree.baseCommit;
}

/**
 * The repository's worktrees, once `worktree` is found among them as a linked worktree on its
 * branch: the host acts only on worktrees that are what the block says, never on a path a page
 * names (the main checkout, or a folder that is no worktree at all).
 */
async function checkedWorktree(worktree: Worktree, options: GitOptions): Promise<WorktreeEntry[]> {
  const entries = parseWorktreeList(
    await git(repositoryOf(worktree), ['worktree', 'list', '--porcelain'], options),
  );
  const found = entries.findIndex((entry) => samePath(entry.path, worktree.path));
  if (found <= 0 || entries[found]!.branch !== `refs/heads/${worktree.branch}`) {
    throw new GitError(
      `${worktree.path} is no longer a worktree of ${worktree.branch}: nothing was changed`,
      null,
    );
  }
  return entries;
}

/** Where to run git for the repository: the checkout the worktree came from, while it exists. */
function repositoryOf(worktree: Worktree): string {
  return existsSync(worktree.repo) ? worktree.repo : worktree.path;
}

async function removeWorktree(worktree: Worktree, deleteBranch: string[], options: GitOptions) {
  const repo = repositoryOf(worktree);
  if (existsSync(worktree.path)) {
    await git(repo, ['worktree', 'remove', '--force', worktree.path], options);
  } else {
    await git(repo, ['worktree', 'prune'], options);
  }
  // Run from the repository: the worktree's own folder is gone now.
  if (existsSync(repo)) await git(repo, deleteBranch, options);
}

async function abortedMerge(
  checkout: string,
  worktree: Worktree,
  error: GitError,
  options: GitOptions,
): Promise<GitError> {
  const merging = await git(checkout, ['rev-parse', '-q', '--verify', 'MERGE_HEAD'], options).then(
    () => true,
    () => false,
  );
  if (!merging) {
    return new GitError(
      `git refused to merge ${worktree.branch} into ${worktree.base}: ${error.message}`,
      error.exitCode,
    );
  }
  const conflicted = (await git(checkout, ['diff', '--name-only', '--diff-filter=U'], options))
    .split('\n')
    .filter(Boolean);
  await git(checkout, ['merge', '--abort'], options);
  return new GitError(
    `merging ${worktree.branch} into ${worktree.base} stopped on conflicts in ${conflicted.join(', ') || 'some files'}; nothing was merged — resolve it in a terminal (git merge ${worktree.branch} in ${checkout})`,
    error.exitCode,
  );
}

function parseWorktreeList(porcelain: string): WorktreeEntry[] {
  return porcelain
    .split(/\n\n+/)
    .map((block) => {
      const lines = block.split('\n');
      const path = lines.find((line) => line.startsWith('worktree '))?.slice(9);
      const branch = lines.find((line) => line.startsWith('branch '))?.slice(7);
      return path ? { path, ...(branch ? { branch } : {}) } : null;
    })
    .filter((entry): entry is WorktreeEntry => entry !== null);
}

/** Files `git status --porcelain -z` lists (a rename's second name is its old one). */
function changedFiles(status: string): string[] {
  const fields = status.split('\0');
  const files: string[] = [];
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    if (field.length < 4) continue;
    files.push(field.slice(3));
    if (field[0] === 'R' || field[0] === 'C') i++;
  }
  return files;
}

function samePath(a: string, b: string): boolean {
  const real = (path: string) => {
    try {
      return realpathSync.native(path);
    } catch {
      return resolve(path);
    }
  };
  return real(a) === real(b);
}
