import { execFile } from 'node:child_process';
import { constants, existsSync, statSync } from 'node:fs';
import { copyFile, lstat, mkdir, readFile, realpath, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';

export interface GitOptions {
  /** The user's environment: its PATH finds their git, its HOME their git config. */
  env?: NodeJS.ProcessEnv;
  /** Where the repository is: this machine (with `env`) unless another's files are given. */
  files?: Files;
  /** Variables for git over its environment there (a worktree's pinned git dir). */
  vars?: Record<string, string>;
}

/** A program to run, as the caller would spawn it. */
export interface ProcessSpec {
  file: string;
  args: string[];
  cwd?: string;
  env: NodeJS.ProcessEnv;
}

/**
 * Where the files of a repository or an agent's folder live: this machine, or another one reached
 * over ssh (`remote-files.ts`). What reads and changes them goes through here, so that the same
 * code serves both.
 */
export interface Files {
  /** The other machine, for sentences; undefined on this one. */
  readonly host?: string | undefined;
  /** Path arithmetic for its paths: this platform's here, POSIX on a host. */
  readonly path: path.PlatformPath;
  /** How git runs in `cwd` there, with `vars` over its environment: for reading as it comes. */
  gitProcess(
    cwd: string,
    args: readonly string[],
    vars: Record<string, string>,
  ): Promise<ProcessSpec>;
  /** Runs that git to its end: its stdout, or a GitError a person can read. */
  git(cwd: string, args: readonly string[], vars: Record<string, string>): Promise<string>;
  /** A text file's contents; rejects when it cannot be read. */
  read(file: string): Promise<string>;
  /** New contents for a file that exists. */
  write(file: string, text: string): Promise<void>;
  exists(file: string): Promise<boolean>;
  /** Each path with its links resolved, or resolved as written where it does not exist. */
  realpaths(files: readonly string[]): Promise<string[]>;
  /** The user's home folder there. */
  home(): Promise<string>;
  /**
   * Each regular file `from/<name>` copied to `to/<name>` (names relative, `/`-separated), the
   * folders it needs made: the copies made, by name. A name that climbs (`..`), a source that is
   * a link or lies under one, a destination under a link, and a destination that exists already
   * are left out, so nothing outside the two folders is read or written, and nothing replaced.
   */
  copyFiles(from: string, to: string, names: readonly string[]): Promise<string[]>;
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
  const read = readOnlyGit(args, options.vars ?? {});
  return filesOf(options).git(cwd, read.args, read.env as Record<string, string>);
}

/** Runs git in `cwd` and resolves with its stdout; rejects with a GitError a person can read. */
export function git(
  cwd: string,
  args: readonly string[],
  options: GitOptions = {},
): Promise<string> {
  return filesOf(options).git(cwd, args, options.vars ?? {});
}

/** The files `options` name: another machine's, else this one's with the user's environment. */
export function filesOf(options: GitOptions): Files {
  return options.files ?? localFiles(options.env ?? process.env);
}

/** What every git run gets: no prompt for credentials (no one would see it), untranslated words. */
export const GIT_VARIABLES = { GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' };

/** This machine's files, git found on the PATH of `env`. */
export function localFiles(env: NodeJS.ProcessEnv): Files {
  const gitProcess = (cwd: string, args: readonly string[], vars: Record<string, string>) => ({
    file: 'git',
    args: [...args],
    cwd,
    env: { ...env, ...GIT_VARIABLES, ...vars },
  });
  return {
    path,
    gitProcess: async (cwd, args, vars) => gitProcess(cwd, args, vars),
    git: (cwd, args, vars) => runGit(gitProcess(cwd, args, vars), () => gitMissingOrFolder(cwd)),
    read: (file) => readFile(file, 'utf8'),
    write: (file, text) => writeFile(file, text),
    exists: async (file) => existsSync(file),
    realpaths: (files) =>
      Promise.all(files.map((file) => realpath(file).catch(() => path.resolve(file)))),
    home: async () => homedir(),
    copyFiles: copyFilesHere,
  };
}

/**
 * A name `copyFiles` takes: relative, `/`-separated, without `.`, `..` or empty steps; on Windows
 * also without a backslash or a colon, which it reads as a separator or a drive.
 */
function isPlainRelative(name: string): boolean {
  if (path.sep === '\\' && /[\\:]/.test(name)) return false;
  return name.split('/').every((step) => step !== '' && step !== '.' && step !== '..');
}

/** `Files.copyFiles` on this machine (see there). */
async function copyFilesHere(from: string, to: string, names: readonly string[]) {
  const copied: string[] = [];
  const kind = (at: string) => lstat(at).catch(() => null);
  for (const name of names) {
    if (!isPlainRelative(name)) continue;
    const steps = name.split('/');
    const file = steps.pop()!;
    let source = from;
    let target = to;
    let safe = true;
    for (const step of steps) {
      source = path.join(source, step);
      target = path.join(target, step);
      const [there, here] = await Promise.all([kind(source), kind(target)]);
      if (!there?.isDirectory() || (here && !here.isDirectory())) {
        safe = false;
        break;
      }
      if (!here) await mkdir(target);
    }
    if (!safe || !(await kind(path.join(source, file)))?.isFile()) continue;
    try {
      await copyFile(path.join(source, file), path.join(target, file), constants.COPYFILE_EXCL);
      copied.push(name);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return copied;
}

/**
 * Runs a git process (or a script over ssh) to its end, `input` on its stdin, and resolves with
 * its stdout; rejects with a GitError that says in a line what went wrong. `missing` says why the
 * program could not start.
 */
export function runGit(spec: ProcessSpec, missing: () => string, input = ''): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      spec.file,
      spec.args,
      {
        ...(spec.cwd ? { cwd: spec.cwd } : {}),
        env: spec.env,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        timeout: TIMEOUT_MS,
        windowsHide: true,
      },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' && !stderr) return reject(new GitError(missing(), null));
        const exitCode = typeof code === 'number' ? code : null;
        const said = firstLines(stderr) || firstLines(stdout) || error.message;
        reject(new GitError(said, exitCode, stdout));
      },
    );
    // A program that does not read its input may be gone before it is written.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(input);
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
