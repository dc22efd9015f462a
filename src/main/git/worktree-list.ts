import {
  BASE_COMMIT_KEY,
  BASE_KEY,
  type ListedWorktree,
  type WorktreeList,
} from '../../shared/worktree-list';
import type { Worktree } from '../../shared/worktree';
import { filesOf, git, GitError, gitRead, isBranchName, type GitOptions } from './git';
import {
  adminDir,
  changedFiles,
  checkedWorktree,
  worktreeList,
  type WorktreeEntry,
} from './worktrees';

const TETHER_BRANCHES = 'refs/heads/tether/';

/**
 * Keeps the worktree's base in its branch's git config, so that the "Worktrees" list can compare
 * and merge it once no block holds the worktree. `git branch -d` removes it with the branch.
 */
export async function recordWorktreeBase(worktree: Worktree, options: GitOptions): Promise<void> {
  const key = (name: string) => `branch.${worktree.branch}.${name}`;
  if (worktree.baseIsBranch)
    await git(worktree.repo, ['config', key(BASE_KEY), worktree.base], options);
  await git(worktree.repo, ['config', key(BASE_COMMIT_KEY), worktree.baseCommit], options);
}

/**
 * Every Tether worktree (a linked worktree on a `tether/` branch) of the repository `cwd` is in,
 * by branch, with its counts against its base. Reads only: git runs with `gitRead`, and in a worktree only
 * once its `.git` file is found to name the git dir the repository keeps for it.
 */
export async function listWorktrees(cwd: string, options: GitOptions): Promise<WorktreeList> {
  const files = filesOf(options);
  const entries = await worktreeList(cwd, options).catch((error: unknown) => {
    if (error instanceof GitError && /not a git repository/i.test(error.message)) {
      throw new GitError(`${cwd} is not in a git repository: it has no worktrees`, null);
    }
    throw error;
  });
  const repo = entries[0]!.path;
  const [common, bases, current] = await Promise.all([
    gitRead(repo, ['rev-parse', '--git-common-dir'], options),
    recordedBases(repo, options),
    currentBase(repo, options),
  ]);
  const commonDir = files.path.resolve(repo, common.replace(/\r?\n$/, ''));
  const tether = entries
    .slice(1)
    .filter((entry) => entry.branch?.startsWith(TETHER_BRANCHES))
    .filter((entry) => isBranchName(entry.branch!.slice('refs/heads/'.length)));

  const listed = async (entry: WorktreeEntry): Promise<ListedWorktree> => {
    const branch = entry.branch!.slice('refs/heads/'.length);
    const recorded = bases.get(branch) ?? {};
    const assumed = !recorded.commit;
    const base = assumed ? current : { name: recorded.name, commit: recorded.commit! };
    const baseRef = base.name ? `refs/heads/${base.name}` : base.commit;
    const [counts, baseCommit, uncommitted] = await Promise.all([
      gitRead(
        repo,
        ['rev-list', '--left-right', '--count', '--end-of-options', `${baseRef}...${entry.branch}`],
        options,
      ).catch(() => null),
      assumed ? forkCommit(repo, baseRef, entry.branch!, options) : Promise.resolve(base.commit),
      uncommittedCount(entry.path),
    ]);
    const [behind, ahead] = counts ? counts.trim().split(/\s+/).map(Number) : [null, null];
    const worktree: Worktree = {
      ...(files.host ? { host: files.host } : {}),
      repo,
      path: entry.path,
      branch,
      base: base.name ?? base.commit.slice(0, 12),
      baseCommit: baseCommit ?? base.commit,
      baseIsBranch: Boolean(base.name),
    };
    return {
      worktree,
      baseAssumed: assumed,
      gone: uncommitted === 'gone',
      ahead: ahead ?? null,
      behind: behind ?? null,
      uncommitted: typeof uncommitted === 'number' ? uncommitted : null,
    };
  };
  const uncommittedCount = async (path: string): Promise<number | 'gone' | null> => {
    if (!(await files.exists(path))) return 'gone';
    const gitDir = await adminDir(files, path, commonDir);
    if (!gitDir) return null;
    const status = await gitRead(
      path,
      ['status', '--porcelain=v1', '-z', '--untracked-files=all'],
      {
        ...options,
        vars: { GIT_DIR: gitDir, GIT_WORK_TREE: path },
      },
    ).catch(() => null);
    return status === null ? null : changedFiles(status).length;
  };
  const worktrees = await Promise.all(tether.map(listed));
  // By branch: git lists them in no order of its own (its admin folders as the disk has them).
  worktrees.sort((a, b) => (a.worktree.branch < b.worktree.branch ? -1 : 1));
  return { repo, worktrees };
}

/**
 * Forgets the worktree whose folder is gone (`git worktree prune`, which forgets every such one);
 * its branch stays.
 */
export async function pruneWorktree(worktree: Worktree, options: GitOptions): Promise<void> {
  await checkedWorktree(worktree, options);
  if (await filesOf(options).exists(worktree.path)) {
    throw new GitError(
      `${worktree.path} is still there: only a worktree whose folder is gone is pruned`,
      null,
    );
  }
  await git(worktree.repo, ['worktree', 'prune'], options);
}

interface RecordedBase {
  name?: string;
  commit?: string;
}

/** The bases `recordWorktreeBase` kept, by branch. */
async function recordedBases(repo: string, options: GitOptions) {
  const pattern = `^branch\\.tether/.*\\.(${BASE_KEY}|${BASE_COMMIT_KEY})$`;
  // Exit 1: no such key at all.
  const text = await gitRead(repo, ['config', '-z', '--get-regexp', pattern], options).catch(
    () => '',
  );
  const bases = new Map<string, RecordedBase>();
  for (const pair of text.split('\0')) {
    const newline = pair.indexOf('\n');
    if (newline < 0) continue;
    const key = pair.slice(0, newline);
    const value = pair.slice(newline + 1);
    // git gives the variable's name in lower case; the branch (the subsection) as it is.
    const dot = key.lastIndexOf('.');
    const branch = key.slice('branch.'.length, dot);
    const base = bases.get(branch) ?? {};
    if (key.slice(dot + 1) === BASE_KEY.toLowerCase() && isBranchName(value)) base.name = value;
    else if (/^[0-9a-f]{7,64}$/.test(value)) base.commit = value;
    bases.set(branch, base);
  }
  return bases;
}

/** The repository's current branch (or commit, when HEAD is detached): the base when none was kept. */
async function currentBase(repo: string, options: GitOptions) {
  const read = (args: string[]) =>
    gitRead(repo, args, options).then(
      (text) => text.trim(),
      () => '',
    );
  const [name, commit] = await Promise.all([
    read(['symbolic-ref', '-q', '--short', 'HEAD']),
    read(['rev-parse', '--verify', '-q', 'HEAD']),
  ]);
  return { name: name && isBranchName(name) ? name : undefined, commit };
}

/** Where the branch forked from the base, for a base no one recorded. */
async function forkCommit(repo: string, baseRef: string, branch: string, options: GitOptions) {
  const meet = await gitRead(repo, ['merge-base', '--end-of-options', baseRef, branch], options)
    .then((text) => text.trim())
    .catch(() => '');
  return meet || null;
}
