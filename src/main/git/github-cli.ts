import { execFile } from 'node:child_process';

/** What gh said when it failed: the sentence for the user, and its own words and exit code. */
export class GhError extends Error {
  override name = 'GhError';
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stdout = '',
    readonly stderr = '',
  ) {
    super(message);
  }
}

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

const TIMEOUT_MS = 60_000;

/**
 * Runs the GitHub CLI found on the PATH of `env` (the user's) in `cwd`, and resolves with its
 * stdout. It rejects with GH_MISSING when there is no gh, GH_LOGGED_OUT when gh has no account
 * (its exit code 4, "authentication required"), else with gh's own first lines.
 */
export function gh(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'gh',
      args,
      {
        cwd,
        env: { ...env, ...GH_VARIABLES },
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        timeout: TIMEOUT_MS,
        windowsHide: true,
      },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' && !stderr) return reject(new GhError(GH_MISSING, null));
        const exitCode = typeof code === 'number' ? code : null;
        if (exitCode === 4) return reject(new GhError(GH_LOGGED_OUT, 4, stdout, stderr));
        const said = firstLines(stderr) || firstLines(stdout) || error.message;
        reject(new GhError(`gh ${args[0]} ${args[1]} failed: ${said}`, exitCode, stdout, stderr));
      },
    ).stdin?.end();
  });
}

/** Rejects with the one sentence that says what is missing unless gh is there and logged in. */
export async function ghReady(cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  try {
    await gh(['auth', 'status'], cwd, env);
  } catch (error) {
    if (error instanceof GhError && error.message === GH_MISSING) throw error;
    // Logged out, gh's status says "You are not logged into any GitHub hosts" and exits 1.
    throw new GhError(GH_LOGGED_OUT, error instanceof GhError ? error.exitCode : null);
  }
}

function firstLines(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 3)
    .join(' ');
}
