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

/**
 * A repository's config is untrusted input: an agent can point its worktree's `.git` file at a
 * git dir it wrote, and a folder can come with any `.git/config`. So a read turns off everything
 * in config that would run a program and that a read does not need: the fsmonitor, hooks (status
 * and diff may write the index, which runs post-index-change; with optional locks off status
 * does not write it at all), the pager, external diff programs and textconv drivers.
 */
const READ_ONLY_CONFIG = [
  '--no-pager',
  '-c',
  'core.fsmonitor=false',
  '-c',
  'core.hooksPath=/dev/null',
];
/** Commands that produce diffs, and so take the flags that turn off diff programs. */
const DIFF_FLAGS: Record<string, readonly string[]> = {
  diff: ['--no-ext-diff', '--no-textconv'],
  log: ['--no-ext-diff', '--no-textconv'],
};

/** The command line and environment of a git read; every git Tether runs to read goes through here. */
export function readOnlyGit(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): { args: string[]; env: NodeJS.ProcessEnv } {
  const [command = '', ...rest] = args;
  return {
    args: [...READ_ONLY_CONFIG, command, ...(DIFF_FLAGS[command] ?? []), ...rest],
    env: { ...env, GIT_OPTIONAL_LOCKS: '0' },
  };
}

/** Runs a git command that reads (status, diff, log, rev-parse, ls-files…): see `readOnlyGit`. */
export function gitRead(
  cwd: string,
  args: readonly string[],
  options: GitOptions = {},
): Promise<string> {
  const read = readOnlyGit(args, options.env ?? process.env);
  return run(cwd, read.args, read.env);
}

/** Runs git in `cwd` and resolves with its stdout; rejects with a GitError a person can read. */
export function git(
  cwd: string,
  args: readonly string[],
  options: GitOptions = {},
): Promise<string> {
  return run(cwd, args, options.env ?? process.env);
}

function run(cwd: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      args,
      {
        cwd,
        env: { ...env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' },
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

/**
 * Whether git takes `name` as a branch name (as `git check-ref-format --branch` decides), which
 * also means no git command can read it as an option: a repository can hold a branch named
 * `--output=…` (made with update-ref), and a block's saved worktree can name anything.
 */
export function isBranchName(name: string): boolean {
  if (name.startsWith('-') || name === 'HEAD' || name === '@' || name.endsWith('.')) return false;
  if ([...name].some((char) => char <= ' ' || char === '\u007f')) return false;
  // What revision syntax, globs and paths give a meaning.
  if (/[~^:?*[\\]|\.\.|@\{/.test(name)) return false;
  return name
    .split('/')
    .every((part) => part !== '' && !part.startsWith('.') && !part.endsWith('.lock'));
}
