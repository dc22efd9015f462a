import nodePath from 'node:path';
import {
  LEFTOVERS_LISTED,
  type Worktree,
  type WorktreeLeftovers,
  type WorktreeStat,
} from '../../shared/worktree';
import { filesOf, git, GitError, gitRead, isBranchName, type Files, type GitOptions } from './git';

export interface CreateOptions extends GitOptions {
  /** The `worktreeFolder` setting: where worktrees go; relative to the repository, `~` is home. */
  folder?: string | null | undefined;
  /** The home folder where the repository is (the host's, for a repository on a host). */
  home: string;
  /** A few random characters for the slug (injected so tests can force a collision). */
  random?: () => string;
}

const randomSlug = () => Math.random().toString(36).slice(2, 6).padEnd(4, '0');

/**
 * A new worktree on a new branch `tether/agent-xxxx` from the current HEAD of the repository
 * `cwd` is in, under the worktree folder; on the host of `options.files` when it has one.
 */
export async function createWorktree(cwd: string, options: CreateOptions): Promise<Worktree> {
  const files = filesOf(options);
  const top = files.path.resolve((await inRepository(cwd, options)).trim());
  const commit = (
    await gitRead(top, ['rev-parse', '--verify', '-q', 'HEAD'], options).catch(() => '')
  ).trim();
  if (!commit) {
    throw new GitError(`${top} has no commit yet: a worktree starts from one, so commit first`, 1);
  }
  const branchName = (
    await gitRead(top, ['symbolic-ref', '-q', '--short', 'HEAD'], options).catch(() => '')
  ).trim();
  if (branchName) checkBranchName(branchName, 'the current branch');
  const folder = worktreeFolder(top, options.folder, options.home, files.path);
  const random = options.random ?? randomSlug;
  for (let attempt = 0; attempt < 20; attempt++) {
    const slug = `agent-${random()}`;
    const branch = `tether/${slug}`;
    const path = files.path.join(folder, slug);
    if ((await files.exists(path)) || (await branchExists(top, branch, options))) continue;
    await git(top, ['worktree', 'add', '-b', branch, '--end-of-options', path, commit], options);
    return {
      ...(files.host ? { host: files.host } : {}),
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
export function worktreeFolder(
  repo: string,
  setting: string | null | undefined,
  home: string,
  path: nodePath.PlatformPath = nodePath,
) {
  if (!setting) return path.join(path.dirname(repo), `${path.basename(repo)}.worktrees`);
  if (setting === '~' || /^~[\\/]/.test(setting)) return path.join(home, setting.slice(1));
  return path.isAbsolute(setting) ? path.resolve(setting) : path.resolve(repo, setting);
}

/** The header's diff stat: the worktree against where its branch forked from the base. */
export async function worktreeStat(worktree: Worktree, options: GitOptions): Promise<WorktreeStat> {
  if (!(await filesOf(options).exists(worktree.path))) {
    throw new GitError(`${worktree.path} is gone`, null);
  }
  const inWorktree = await (await checkedWorktree(worktree, options)).inWorktree(worktree.path);
  const fork = await forkPoint(worktree, inWorktree);
  const [shortstat, untracked, commits] = await Promise.all([
    gitRead(worktree.path, ['diff', '--shortstat', '--end-of-options', fork, '--'], inWorktree),
    gitRead(worktree.path, ['ls-files', '--others', '--exclude-standard', '-z'], inWorktree),
    gitRead(
      worktree.path,
      ['rev-list', '--count', '--end-of-options', `${fork}..HEAD`, '--'],
      inWorktree,
    ),
  ]);
  const number = (pattern: RegExp) => Number(pattern.exec(shortstat)?.[1] ?? 0);
  const newFiles = untracked.split('\0').filter(Boolean);
  const newLines = await linesOf(newFiles, worktree.path, options);
  return {
    files: number(/(\d+) files? changed/) + newFiles.length,
    insertions: number(/(\d+) insertions?/) + newLines,
    deletions: number(/(\d+) deletions?/),
    untracked: newFiles.length,
    commits: Number(commits.trim()) || 0,
  };
}

// Past this many new files the header's count is a glance, not a reason to read them all.
const NEW_FILES_COUNTED = 200;

/**
 * The lines of files git does not track yet, as `git diff` would count them once added: a new
 * file's lines are the worktree's insertions as much as an edited file's. Binary and unreadable
 * files count none, as git counts no lines of a binary file.
 */
async function linesOf(names: readonly string[], folder: string, options: GitOptions) {
  const files = filesOf(options);
  const counts = await Promise.all(
    names.slice(0, NEW_FILES_COUNTED).map((name) =>
      files.read(files.path.join(folder, name)).then(
        (text) =>
          text === '' || text.includes('\0')
            ? 0
            : text.split('\n').length - (text.endsWith('\n') ? 1 : 0),
        () => 0,
      ),
    ),
  );
  return counts.reduce((sum, lines) => sum + lines, 0);
}

/** What discarding the worktree would lose: commits its base lacks and uncommitted files. */
export async function worktreeLeftovers(
  worktree: Worktree,
  options: GitOptions,
): Promise<WorktreeLeftovers> {
  const checked = await checkedWorktree(worktree, options);
  const target = worktree.baseIsBranch ? worktree.base : worktree.baseCommit;
  const there = await filesOf(options).exists(worktree.path);
  const [log, status] = await Promise.all([
    gitRead(
      worktree.repo,
      ['log', '--format=%h%x1f%s', '--end-of-options', `${target}..${worktree.branch}`, '--'],
      options,
    ),
    there
      ? gitRead(
          worktree.path,
          ['status', '--porcelain=v1', '-z', '--untracked-files=all'],
          await checked.inWorktree(worktree.path),
        )
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
  const checked = await checkedWorktree(worktree, options);
  const { branch, base } = worktree;
  if (!worktree.baseIsBranch) {
    throw new GitError(
      `${branch} was made from a detached HEAD (${base}): there is no branch to merge it into`,
      null,
    );
  }
  const target = checked.entries.find((entry) => entry.branch === `refs/heads/${base}`);
  if (!target) {
    throw new GitError(
      `${base} is not checked out anywhere: check it out, then merge ${branch} yourself`,
      null,
    );
  }
  if (!(await filesOf(options).exists(worktree.path))) {
    throw new GitError(`${worktree.path} is gone`, null);
  }
  const inWorktree = await checked.inWorktree(worktree.path);
  const status = await gitRead(worktree.path, ['status', '--porcelain=v1', '-z'], inWorktree);
  if (changedFiles(status).length) {
    await git(worktree.path, ['add', '-A'], inWorktree);
    await git(worktree.path, ['commit', '-q', '-m', `Agent work in ${branch}`], inWorktree).catch(
      (error: GitError) => {
        throw new GitError(`could not commit what ${branch} left uncommitted: ${error.message}`, 1);
      },
    );
  }
  const inTarget = await checked.inWorktree(target.path);
  try {
    await git(target.path, ['merge', '--no-edit', '--end-of-options', branch], inTarget);
  } catch (error) {
    throw await abortedMerge(target.path, worktree, error as GitError, inTarget);
  }
  const commit = (await gitRead(target.path, ['rev-parse', '--short', 'HEAD'], inTarget)).trim();
  await removeWorktree(worktree, ['branch', '-d', '--end-of-options', branch], options);
  return { into: base, commit };
}

/** Removes the worktree, whatever it holds, and deletes its branch. */
export async function discardWorktree(worktree: Worktree, options: GitOptions): Promise<void> {
  await checkedWorktree(worktree, options);
  await removeWorktree(worktree, ['branch', '-D', '--end-of-options', worktree.branch], options);
}

export interface WorktreeEntry {
  path: string;
  branch?: string;
}

async function inRepository(cwd: string, options: GitOptions): Promise<string> {
  try {
    return await gitRead(cwd, ['rev-parse', '--show-toplevel'], options);
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
  return gitRead(repo, ['rev-parse', '--verify', '-q', `refs/heads/${branch}`], options).then(
    () => true,
    () => false,
  );
}

async function forkPoint(worktree: Worktree, options: GitOptions): Promise<string> {
  if (!worktree.baseIsBranch) return worktree.baseCommit;
  // The base may have moved on, or been merged in: diff against where the two meet now.
  const meet = await gitRead(
    worktree.path,
    ['merge-base', '--end-of-options', worktree.base, 'HEAD'],
    options,
  ).catch(() => '');
  return meet.trim() || worktree.baseCommit;
}

/** A worktree found to be what a block says, and how to run git in the repository's checkouts. */
export interface CheckedWorktree {
  entries: WorktreeEntry[];
  /**
   * Options for git in one of the repository's checkouts: a linked worktree's git dir pinned to
   * the one the repository made for it, so that rewriting its `.git` file after the check changes
   * nothing.
   */
  inWorktree(path: string): Promise<GitOptions>;
}

/**
 * The repository's worktrees, once `worktree` is found among them as a linked worktree on its
 * branch, with a `.git` file that still points at the git dir the repository keeps for it: the
 * host acts only on worktrees that are what the block says, never on a path a page names (the
 * main checkout, or a folder that is no worktree at all) nor with a git dir an agent wrote.
 */
export async function checkedWorktree(
  worktree: Worktree,
  options: GitOptions,
): Promise<CheckedWorktree> {
  checkBranchName(worktree.branch, "the worktree's branch");
  if (worktree.baseIsBranch) checkBranchName(worktree.base, 'the base');
  const files = filesOf(options);
  const { path } = files;
  const [entries, common] = await Promise.all([
    worktreeList(worktree.repo, options),
    gitRead(worktree.repo, ['rev-parse', '--git-common-dir'], options),
  ]);
  const [real, ...listed] = await files.realpaths([worktree.path, ...entries.map((e) => e.path)]);
  const found = listed.indexOf(real!);
  if (found <= 0 || entries[found]!.branch !== `refs/heads/${worktree.branch}`) {
    throw new GitError(
      `${worktree.path} is no longer a worktree of ${worktree.branch}: nothing was changed`,
      null,
    );
  }
  const commonDir = path.resolve(worktree.repo, common.replace(/\r?\n$/, ''));
  const inWorktree = async (checkout: string): Promise<GitOptions> => {
    if (await samePath(files, checkout, entries[0]!.path)) return options;
    const gitDir = await adminDir(files, checkout, commonDir);
    if (!gitDir) {
      throw new GitError(
        `${checkout} is no longer a worktree of ${worktree.repo}: its .git file points elsewhere`,
        null,
      );
    }
    return { ...options, vars: { GIT_DIR: gitDir, GIT_WORK_TREE: checkout } };
  };
  if (await files.exists(worktree.path)) await inWorktree(worktree.path);
  return { entries, inWorktree };
}

/**
 * The git dir a linked worktree's `.git` file names, when it is one the repository made for this
 * worktree (in its `worktrees/` and naming the worktree back); else null.
 */
export async function adminDir(files: Files, checkout: string, commonDir: string) {
  const { path } = files;
  const named = await gitFileTarget(files, path.join(checkout, '.git'));
  if (named === null) return null;
  const gitDir = path.resolve(checkout, named);
  if (!(await samePath(files, path.dirname(gitDir), path.join(commonDir, 'worktrees')))) {
    return null;
  }
  const back = await gitFileTarget(files, path.join(gitDir, 'gitdir'), '');
  return back !== null &&
    (await samePath(files, path.resolve(gitDir, back), path.join(checkout, '.git')))
    ? gitDir
    : null;
}

/** What a `.git` file (`gitdir: …`) or a worktree's `gitdir` file names, as git reads it. */
async function gitFileTarget(files: Files, file: string, prefix = 'gitdir: ') {
  let text: string;
  try {
    text = await files.read(file);
  } catch {
    return null; // missing, or a directory: no file naming a git dir
  }
  text = text.replace(/[\r\n]+$/, '');
  return text.startsWith(prefix) && text.length > prefix.length ? text.slice(prefix.length) : null;
}

/** Refuses a branch name git would not take, or could read as an option. */
function checkBranchName(name: string, what: string): void {
  if (!isBranchName(name)) {
    throw new GitError(
      `${what} "${name}" is not a valid branch name (or starts with "-"), so Tether will not pass it to git`,
      null,
    );
  }
}

async function removeWorktree(worktree: Worktree, deleteBranch: string[], options: GitOptions) {
  const { repo, path } = worktree;
  if (await filesOf(options).exists(path)) {
    await git(repo, ['worktree', 'remove', '--force', '--end-of-options', path], options);
  } else {
    await git(repo, ['worktree', 'prune'], options);
  }
  // Run from the repository: the worktree's own folder is gone now.
  await git(repo, deleteBranch, options);
}

async function abortedMerge(
  checkout: string,
  worktree: Worktree,
  error: GitError,
  options: GitOptions,
): Promise<GitError> {
  const merging = await gitRead(
    checkout,
    ['rev-parse', '-q', '--verify', 'MERGE_HEAD'],
    options,
  ).then(
    () => true,
    () => false,
  );
  if (!merging) {
    return new GitError(
      `git refused to merge ${worktree.branch} into ${worktree.base}: ${error.message}`,
      error.exitCode,
    );
  }
  const conflicted = (await gitRead(checkout, ['diff', '--name-only', '--diff-filter=U'], options))
    .split('\n')
    .filter(Boolean);
  await git(checkout, ['merge', '--abort'], options);
  return new GitError(
    `merging ${worktree.branch} into ${worktree.base} stopped on conflicts in ${conflicted.join(', ') || 'some files'}; nothing was merged — resolve it in a terminal (git merge ${worktree.branch} in ${checkout})`,
    error.exitCode,
  );
}

/**
 * The repository's worktrees, the main one first. `-z` ends each field with a NUL, so a path may
 * hold a newline; git before 2.36 has no `-z` and ends fields with newlines, which cut such a path
 * (it then matches no worktree, and is refused).
 */
export async function worktreeList(repo: string, options: GitOptions): Promise<WorktreeEntry[]> {
  const list = (z: string[]) => gitRead(repo, ['worktree', 'list', '--porcelain', ...z], options);
  let fields: string[];
  try {
    fields = (await list(['-z'])).split('\0');
  } catch (error) {
    if (!(error instanceof GitError && error.exitCode === 129)) throw error;
    fields = (await list([])).split('\n');
  }
  const entries: WorktreeEntry[] = [];
  for (const field of fields) {
    if (field.startsWith('worktree ')) entries.push({ path: field.slice(9) });
    else if (field.startsWith('branch ') && entries.length) entries.at(-1)!.branch = field.slice(7);
  }
  return entries;
}

/** Files `git status --porcelain -z` lists (a rename's second name is its old one). */
export function changedFiles(status: string): string[] {
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

async function samePath(files: Files, a: string, b: string): Promise<boolean> {
  const [realA, realB] = await files.realpaths([a, b]);
  return realA === realB;
}
