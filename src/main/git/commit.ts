import type { Worktree } from '../../shared/worktree';
import { filesOf, git, GitError, gitRead, type GitOptions } from './git';
import { changedFiles, checkedWorktree } from './worktrees';

/** What a commit took in: its short hash and the files it recorded. */
export interface Committed {
  commit: string;
  files: string[];
}

/**
 * Commits everything in the worktree (new files too) with `message`, as the user would in a
 * terminal: git runs with their config, so their identity, signing and hooks apply. Only the
 * status that lists the files is a read; the commit itself is the user's own act.
 */
export async function commitWorktree(
  worktree: Worktree,
  message: string,
  options: GitOptions,
): Promise<Committed> {
  if (!message.trim()) throw new GitError('A commit needs a message: write one first', null);
  if (!(await filesOf(options).exists(worktree.path))) {
    throw new GitError(`${worktree.path} is gone`, null);
  }
  const inWorktree = await (await checkedWorktree(worktree, options)).inWorktree(worktree.path);
  const status = ['status', '--porcelain=v1', '-z', '--untracked-files=all'];
  const files = changedFiles(await gitRead(worktree.path, status, inWorktree));
  if (files.length === 0) {
    throw new GitError(`There is nothing to commit in ${worktree.branch}: no file has changed`, 1);
  }
  await git(worktree.path, ['add', '-A'], inWorktree);
  try {
    await git(worktree.path, ['commit', '-q', '-m', message], inWorktree);
  } catch (error) {
    // A hook that refused leaves the files staged, as git in a terminal would.
    throw new GitError(`git did not commit: ${(error as GitError).message}`, 1);
  }
  const commit = await gitRead(worktree.path, ['rev-parse', '--short', 'HEAD'], inWorktree);
  return { commit: commit.trim(), files };
}
