import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';

export interface GitOptions {
  /** The user's environment: its PATH finds their git, its HOME their git config. */
  env?: NodeJS.ProcessEnv;
}

/** A git command that failed, with what git said in one line. */
export class GitError extends Error {
  override name = 'GitError';
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stdout = '',
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 60_000;

/** Runs git in `cwd` and resolves with its stdout; rejects with a GitError a person can read. */
export function git(
  cwd: string,
  args: readonly string[],
  options: GitOptions = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      args,
      {
        cwd,
        env: { ...(options.env ?? process.env), GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' },
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        timeout: TIMEOUT_MS,
        windowsHide: true,
      },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' && !stderr) {
          // Either git is missing or the folder is: say which.
          return reject(new GitError(gitMissingOrFolder(cwd), null));
        }
        const exitCode = typeof code === 'number' ? code : null;
        const said = firstLines(stderr) || firstLines(stdout) || error.message;
        reject(new GitError(said, exitCode, stdout));
      },
    );
  });
}

function gitMissingOrFolder(cwd: string): string {
  // execFile reports a missing cwd as ENOENT for the program, too.
  try {
    statSync(cwd);
  } catch {
    return `the folder ${cwd} does not exist`;
  }
  return 'git was not found: install Git, or put it on PATH';
}

function firstLines(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('hint:'))
    .slice(0, 3)
    .join(' ');
}
