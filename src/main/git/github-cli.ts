import { GitError, runGit } from './git';

export const GH_MISSING = 'Install the GitHub CLI (gh) to create pull requests from Tether';
export const GH_LOGGED_OUT = 'gh is not logged in: run gh auth login';

/**
 * gh never asks (no one would see the question), never checks for its own updates, and writes
 * plain text: its output is read here, not shown in a terminal.
 */
const GH_VARIABLES = {
  GH_PROMPT_DISABLED: '1',
  GH_NO_UPDATE_NOTIFIER: '1',
  GH_SPINNER_DISABLED: '1',
  NO_COLOR: '1',
  CLICOLOR: '0',
};

/** gh's exit code for "authentication required" (`gh help exit-codes`). */
const AUTH_REQUIRED = 4;

/**
 * Runs the GitHub CLI found on the PATH of `env` (the user's) in `cwd`, and resolves with its
 * stdout. It rejects with GH_MISSING when there is no gh, GH_LOGGED_OUT when gh has no account,
 * else with a GitError holding gh's own first lines, its exit code and its stdout.
 */
export async function gh(
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<string> {
  const spec = { file: 'gh', args: [...args], cwd, env: { ...env, ...GH_VARIABLES } };
  try {
    return await runGit(spec, () => GH_MISSING);
  } catch (error) {
    if (error instanceof GitError && error.exitCode === AUTH_REQUIRED) {
      throw new GitError(GH_LOGGED_OUT, AUTH_REQUIRED, error.stdout);
    }
    throw error;
  }
}

/** Rejects with the one sentence that says what is missing unless gh is there and logged in. */
export async function ghReady(cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  try {
    await gh(['auth', 'status'], cwd, env);
  } catch (error) {
    if (error instanceof GitError && error.message === GH_MISSING) throw error;
    // Logged out, gh's status says "You are not logged into any GitHub hosts" and exits 1.
    throw new GitError(GH_LOGGED_OUT, error instanceof GitError ? error.exitCode : null);
  }
}

/** gh could not say anything: it is not there, or not logged in. */
export function ghUnavailable(error: unknown): boolean {
  return (
    error instanceof GitError && (error.message === GH_MISSING || error.message === GH_LOGGED_OUT)
  );
}
