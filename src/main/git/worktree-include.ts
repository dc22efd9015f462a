import type { Worktree } from '../../shared/worktree';
import { WORKTREE_INCLUDE } from '../../shared/worktree-setup';
import { filesOf, GitError, gitRead, type GitOptions } from './git';
import { checkedWorktree, worktreeList } from './worktrees';

/** Names per `git ls-files` run: its arguments stay well under a command line's limit. */
const BATCH = 200;

/**
 * Copies into a new worktree what `.worktreeinclude` at the root of the checkout it was made from
 * names, as Claude Code's own worktrees read it: the files there that match its gitignore-style
 * patterns and that git ignores (`.env`, local config), which a checkout of the branch lacks.
 * git does the matching; tracked files are never copied (the worktree has them). Returns the
 * names copied, relative to the repository.
 */
export async function copyWorktreeInclude(
  worktree: Worktree,
  options: GitOptions,
): Promise<string[]> {
  await checkedWorktree(worktree, options);
  const files = filesOf(options);
  const { repo } = worktree;
  const list = files.path.join(repo, WORKTREE_INCLUDE);
  if (!(await files.exists(list))) return [];
  // git reads the file it is given: one that is a link could point it at a file elsewhere.
  const [real, realRepo] = await files.realpaths([list, repo]);
  if (real !== files.path.join(realRepo!, WORKTREE_INCLUDE)) {
    throw new GitError(
      `${list} is not a plain file in the repository, so Tether did not read it`,
      null,
    );
  }
  const named = await gitRead(
    repo,
    ['ls-files', '-z', '--others', '--ignored', `--exclude-from=${WORKTREE_INCLUDE}`],
    options,
  );
  const ignored = await ignoredOf(repo, named.split('\0').filter(Boolean), options);
  return ignored.length ? files.copyFiles(repo, worktree.path, ignored) : [];
}

/** Of `names` (untracked files), those git's own ignore rules (.gitignore, info/exclude…) ignore. */
async function ignoredOf(repo: string, names: string[], options: GitOptions): Promise<string[]> {
  const ignored: string[] = [];
  for (let start = 0; start < names.length; start += BATCH) {
    // Literal pathspecs: a name with `*` or `[` in it stands for itself alone.
    const batch = names.slice(start, start + BATCH).map((name) => `:(literal)${name}`);
    const said = await gitRead(
      repo,
      ['ls-files', '-z', '--others', '--ignored', '--exclude-standard', '--', ...batch],
      options,
    );
    ignored.push(...said.split('\0').filter(Boolean));
  }
  return ignored;
}

/**
 * The main checkout of the repository `cwd` is in (its first worktree): what the "Worktree set-up"
 * setting is kept under, the same from any of its worktrees.
 */
export async function mainCheckout(cwd: string, options: GitOptions): Promise<string> {
  const files = filesOf(options);
  let top: string;
  try {
    top = (await gitRead(cwd, ['rev-parse', '--show-toplevel'], options)).trim();
  } catch (error) {
    if (error instanceof GitError && /not a git repository/i.test(error.message)) {
      throw new GitError(`${cwd} is not in a git repository`, error.exitCode);
    }
    throw error;
  }
  const [main] = await worktreeList(top, options);
  return files.path.resolve(main?.path ?? top);
}
