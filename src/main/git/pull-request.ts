import { isRecord } from '../../shared/is-record';
import { pullRequestSchema, type PullRequest } from '../../shared/pull-request';
import { stripTerminalCodes } from '../../shared/strip-terminal-codes';
import type { Worktree } from '../../shared/worktree';
import { filesOf, GitError, type GitOptions } from './git';
import { gh, ghReady, ghUnavailable } from './github-cli';
import { upstreamOf } from './push';
import { checkedWorktree } from './worktrees';

/** A check that failed, by gh's name for it and the page that shows its run. */
export interface FailedCheck {
  name: string;
  link: string;
}

/** The worktree branch's pull request and the checks that failed on it. */
export interface PullRequestStatus {
  pullRequest: PullRequest | null;
  failedChecks: FailedCheck[];
}

export interface PullRequestDraft {
  title: string;
  body: string;
  draft: boolean;
}

/** The longest failed-run log attached to a message for Claude: its end, where the failure is. */
export const LOG_LIMIT = 20_000;

/**
 * Opens a pull request of the worktree's branch into its base with `gh pr create`, run in the
 * worktree so that gh finds the repository on GitHub from its remotes. The branch must be pushed
 * first: gh would otherwise ask where to push it.
 */
export async function createPullRequest(
  worktree: Worktree,
  draft: PullRequestDraft,
  env: NodeJS.ProcessEnv,
): Promise<PullRequest> {
  const inWorktree = await checkedHere(worktree, env);
  if (!worktree.baseIsBranch) {
    throw new GitError(
      `${worktree.branch} was made from a detached HEAD (${worktree.base}): there is no base branch for a pull request`,
      null,
    );
  }
  await ghReady(worktree.path, env);
  if (!(await upstreamOf(worktree.path, inWorktree))) {
    throw new GitError(
      `Push ${worktree.branch} first: a pull request is made from a pushed branch`,
      null,
    );
  }
  // `--flag=value`: a title that starts with "-" stays a title.
  const args = ['pr', 'create', '--head', worktree.branch, '--base', worktree.base];
  args.push(`--title=${draft.title}`, `--body=${draft.body}`);
  if (draft.draft) args.push('--draft');
  await gh(args, worktree.path, env);
  const created = await viewPullRequest(worktree, env);
  if (!created) throw new GitError(`gh made no pull request for ${worktree.branch}`, null);
  return created;
}

/**
 * The worktree branch's pull request on GitHub with its checks rolled up, or null when it has
 * none, or when gh is not there or not logged in (nothing can be known then), or for a worktree
 * on a host. What the "Worktrees" list shows per row.
 */
export async function worktreePullRequest(
  worktree: Worktree,
  env: NodeJS.ProcessEnv,
): Promise<PullRequest | null> {
  // gh runs only on this machine: a worktree on a host has none Tether can know of yet.
  if (worktree.host) return null;
  return (await pullRequestStatus(worktree, env)).pullRequest;
}

/** The pull request as `worktreePullRequest` gives it, and which of its checks failed. */
export async function pullRequestStatus(
  worktree: Worktree,
  env: NodeJS.ProcessEnv,
): Promise<PullRequestStatus> {
  await checkedHere(worktree, env);
  let pullRequest: PullRequest | null;
  try {
    pullRequest = await viewPullRequest(worktree, env);
  } catch (error) {
    if (ghUnavailable(error)) return { pullRequest: null, failedChecks: [] };
    throw error;
  }
  if (!pullRequest) return { pullRequest: null, failedChecks: [] };
  const checks = await prChecks(worktree, env);
  return {
    pullRequest: { ...pullRequest, checks: rollUp(checks) },
    failedChecks: checks.filter(failed).map(({ name, link }) => ({ name, link })),
  };
}

/**
 * The log of the failed steps of the GitHub Actions run a failed check's `link` points at
 * (`gh run view RUN --log-failed`), its end cut to LOG_LIMIT; null when the check is not an
 * Actions run, whose log gh cannot fetch.
 */
export async function failedCheckLog(
  worktree: Worktree,
  link: string,
  env: NodeJS.ProcessEnv,
): Promise<string | null> {
  await checkedHere(worktree, env);
  const run = /\/actions\/runs\/(\d+)/.exec(link)?.[1];
  if (!run) return null;
  const log = stripTerminalCodes(
    await gh(['run', 'view', run, '--log-failed'], worktree.path, env),
  );
  return log.length > LOG_LIMIT ? `…\n${log.slice(log.length - LOG_LIMIT)}` : log;
}

/**
 * The worktree, once it is what the block says and is there: gh runs in it, and reads the
 * repository from it. Its options for git there.
 */
async function checkedHere(worktree: Worktree, env: NodeJS.ProcessEnv): Promise<GitOptions> {
  const inWorktree = await (await checkedWorktree(worktree, { env })).inWorktree(worktree.path);
  if (!(await filesOf({ env }).exists(worktree.path))) {
    throw new GitError(`${worktree.path} is gone`, null);
  }
  return inWorktree;
}

/** `gh pr view BRANCH`: the pull request whose head is the branch, or null when there is none. */
async function viewPullRequest(
  worktree: Worktree,
  env: NodeJS.ProcessEnv,
): Promise<PullRequest | null> {
  const fields = '--json=number,url,title,state,isDraft';
  let json: string;
  try {
    json = await gh(['pr', 'view', worktree.branch, fields], worktree.path, env);
  } catch (error) {
    if (error instanceof GitError && /no pull requests found/i.test(error.message)) return null;
    throw error;
  }
  const view = parseJson(json);
  if (!isRecord(view)) throw new GitError(`gh pr view answered what Tether cannot read`, null);
  const state = String(view['state']).toLowerCase();
  return pullRequestSchema.parse({
    number: view['number'],
    url: view['url'],
    title: view['title'],
    state: state === 'open' && view['isDraft'] === true ? 'draft' : state,
    checks: 'none',
  });
}

interface Check {
  name: string;
  bucket: string;
  link: string;
}

/**
 * `gh pr checks BRANCH`: each check with gh's bucket for its state (pass, fail, pending,
 * skipping, cancel). A branch with no checks yet is an error to gh ("no checks reported").
 */
async function prChecks(worktree: Worktree, env: NodeJS.ProcessEnv): Promise<Check[]> {
  const args = ['pr', 'checks', worktree.branch, '--json=name,state,bucket,link'];
  let json: string;
  try {
    json = await gh(args, worktree.path, env);
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    if (/no checks reported/i.test(error.message)) return [];
    // Checks still running (exit 8) or failed (exit 1) may come with their list all the same.
    if (!error.stdout.trim()) throw error;
    json = error.stdout;
  }
  const list = parseJson(json);
  if (!Array.isArray(list)) {
    throw new GitError('gh pr checks answered what Tether cannot read', null);
  }
  return list.filter(isRecord).map((check) => ({
    name: String(check['name'] ?? ''),
    bucket: String(check['bucket'] ?? ''),
    link: String(check['link'] ?? ''),
  }));
}

/** A check that did not pass: failed, or cancelled before it could. */
const failed = (check: Check) => check.bucket === 'fail' || check.bucket === 'cancel';

function rollUp(checks: readonly Check[]): PullRequest['checks'] {
  if (checks.length === 0) return 'none';
  if (checks.some(failed)) return 'failing';
  if (checks.some((check) => check.bucket === 'pending')) return 'pending';
  return 'passing';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
