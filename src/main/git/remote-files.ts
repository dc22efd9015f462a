import path from 'node:path';
import { remoteCommandLine } from '../../shared/remote-command-line';
import { GIT_VARIABLES, GitError, runGit, type Files, type ProcessSpec } from './git';

/**
 * How to run one command line on a host over its shared connection: the host layer's ssh
 * (`RemoteHosts.command`), which connects first and asks what ssh asks. The command line is read
 * there by the user's login shell.
 */
export interface RemoteCommands {
  command(host: string, commandLine: string): Promise<ProcessSpec>;
}

/** ssh's own exit code when the connection failed, rather than the command's. */
const SSH_FAILED = 255;
/** Names per `copyFiles` run there. */
const COPY_BATCH = 200;
const SSH_MISSING = 'ssh was not found: install OpenSSH, or put it on PATH';

/**
 * The scripts run by `sh` there. Every value (a path, a file's text, git's arguments) reaches them
 * as a positional parameter or on stdin, never inside the script: nothing a file, the model or
 * the page wrote is read by a shell. They reach `sh` through `remoteCommandLine`, so the login
 * shell there (fish, tcsh) reads none of them.
 */
export const SCRIPTS = {
  /** `$1` the host's name for the sentence; the rest `env VAR=… git -C DIR …`. */
  git: [
    'command -v git >/dev/null 2>&1 || { printf "git was not found on %s: install it there" "$1" >&2; exit 127; }',
    'shift',
    'exec env "$@"',
  ].join('\n'),
  read: 'exec cat < "$1"',
  /**
   * `$2` bytes from stdin over the file `$1`, only one that is there (a revert never makes a file
   * the model named). They go to a copy beside it (its mode kept) that replaces it by rename once
   * all have come: a link that drops mid-write ends the input early, and must not leave the file
   * cut short. A symbolic link is written through, in place.
   */
  write: [
    '[ -f "$1" ] || { printf "%s is not a file there any more" "$1" >&2; exit 1; }',
    '[ -L "$1" ] && exec cat > "$1"',
    'tmp=$(dirname -- "$1")/.$(basename -- "$1").tether-$$',
    'trap \'rm -f -- "$tmp"\' EXIT HUP INT TERM',
    'cp -p -- "$1" "$tmp" && cat > "$tmp" || exit 1',
    'got=$(wc -c < "$tmp" | tr -d " ")',
    '[ "$got" = "$2" ] || { printf "%s was not written: %s of %s bytes came; it is as it was" "$1" "$got" "$2" >&2; exit 1; }',
    'mv -f -- "$tmp" "$1"',
  ].join('\n'),
  exists: '[ -e "$1" ]',
  /**
   * Each path resolved (realpath where there is one, else a folder by `cd -P`), NUL after each;
   * nothing for one that does not exist, which the caller resolves as written (as here).
   */
  realpaths: [
    'for p in "$@"; do',
    '  if [ ! -e "$p" ]; then r=',
    '  elif command -v realpath >/dev/null 2>&1; then r=$(realpath -- "$p" 2>/dev/null) || r=',
    '  elif [ -d "$p" ]; then r=$(cd -P -- "$p" 2>/dev/null && pwd -P) || r=',
    '  else r=; fi',
    '  printf "%s\\000" "$r"',
    'done',
  ].join('\n'),
  home: 'printf %s "$HOME"',
  /**
   * `Files.copyFiles` there: each name after `$1` (from) and `$2` (to), NUL after each one copied.
   * Every step of a name is looked at before it is used: a link, or anything but a folder, ends
   * that name there, so no step leads outside either folder.
   */
  copyFiles: [
    'from=$1 to=$2',
    'shift 2',
    'for name in "$@"; do',
    '  case /$name/ in */../*|*/./*|*//*) continue ;; esac',
    '  src=$from dst=$to rest=$name safe=1',
    '  while :; do',
    '    case $rest in */*) step=${rest%%/*} rest=${rest#*/} ;; *) break ;; esac',
    '    src=$src/$step dst=$dst/$step',
    '    if [ -L "$src" ] || [ ! -d "$src" ] || [ -L "$dst" ]; then safe=; break; fi',
    '    [ -d "$dst" ] || mkdir -- "$dst" 2>/dev/null || { safe=; break; }',
    '  done',
    '  [ "$safe" ] || continue',
    '  src=$src/$rest dst=$dst/$rest',
    '  { [ -f "$src" ] && [ ! -L "$src" ]; } || continue',
    '  { [ -e "$dst" ] || [ -L "$dst" ]; } && continue',
    '  cp -p -- "$src" "$dst" || exit 1',
    '  printf "%s\\000" "$name"',
    'done',
  ].join('\n'),
  /** Files under `$1` outside any `.git`, NUL after each, as `find` meets them. */
  find: 'cd -- "$1" && exec find . -name .git -prune -o -type f -print0',
};

/** SCRIPTS.git's parameters: the host, then `VAR=value…`, then git's words. */
function gitWords(
  host: string,
  cwd: string,
  args: readonly string[],
  vars: Record<string, string>,
): string[] {
  const variables = Object.entries({ ...GIT_VARIABLES, ...vars });
  return [host, ...variables.map(([name, value]) => `${name}=${value}`), 'git', '-C', cwd, ...args];
}

/** `SCRIPT` run by the remote's `sh` with `ARGS…` as its parameters, whatever its login shell. */
const shLine = remoteCommandLine;

/**
 * Another machine's files, over ssh: git as `git -C DIR` there (with the same read-only flags
 * and variables as here), reads by `cat`, writes whole files by `cat` fed on stdin. One ssh session per
 * operation, on the host's shared connection.
 */
export class RemoteFiles implements Files {
  readonly path = path.posix;

  private knownHome: Promise<string> | undefined;

  constructor(
    readonly host: string,
    private readonly commands: RemoteCommands,
  ) {}

  async gitProcess(
    cwd: string,
    args: readonly string[],
    vars: Record<string, string>,
  ): Promise<ProcessSpec> {
    return this.process(SCRIPTS.git, gitWords(this.host, await this.expand(cwd), args, vars));
  }

  async git(cwd: string, args: readonly string[], vars: Record<string, string>): Promise<string> {
    return this.run(SCRIPTS.git, gitWords(this.host, await this.expand(cwd), args, vars));
  }

  /** The ssh run that lists the files under `root` there, NUL-separated (see SCRIPTS.find). */
  async findProcess(root: string): Promise<ProcessSpec> {
    return this.process(SCRIPTS.find, [await this.expand(root)]);
  }

  async read(file: string): Promise<string> {
    return this.run(SCRIPTS.read, [await this.expand(file)]);
  }

  async write(file: string, text: string): Promise<void> {
    const words = [await this.expand(file), String(Buffer.byteLength(text))];
    await this.run(SCRIPTS.write, words, text);
  }

  async exists(file: string): Promise<boolean> {
    return this.run(SCRIPTS.exists, [await this.expand(file)]).then(
      () => true,
      (error: unknown) => {
        if (error instanceof GitError && error.exitCode === 1) return false;
        throw error;
      },
    );
  }

  async realpaths(files: readonly string[]): Promise<string[]> {
    if (files.length === 0) return [];
    const expanded = await Promise.all(files.map((file) => this.expand(file)));
    const found = (await this.run(SCRIPTS.realpaths, expanded)).split('\0');
    return expanded.map((file, at) => found[at] || path.posix.resolve(file));
  }

  async copyFiles(from: string, to: string, names: readonly string[]): Promise<string[]> {
    const [source, target] = await Promise.all([this.expand(from), this.expand(to)]);
    const copied: string[] = [];
    // Batches keep each command line well under what ssh and the shell there take.
    for (let start = 0; start < names.length; start += COPY_BATCH) {
      const batch = names.slice(start, start + COPY_BATCH);
      const said = await this.run(SCRIPTS.copyFiles, [source, target, ...batch]);
      copied.push(...said.split('\0').filter(Boolean));
    }
    return copied;
  }

  home(): Promise<string> {
    this.knownHome ??= this.run(SCRIPTS.home, []).then((home) => {
      if (!home) throw new Error(`${this.host} did not say where its home folder is.`);
      return home;
    });
    // A failure is not kept: the next call asks again.
    this.knownHome.catch(() => (this.knownHome = undefined));
    return this.knownHome;
  }

  /**
   * `~` and `~/…` as the remote's home (the folder of a shell that reports none): every path
   * reaches the scripts as a quoted word, which no shell there expands.
   */
  private async expand(file: string): Promise<string> {
    if (file !== '~' && !file.startsWith('~/')) return file;
    return path.posix.join(await this.home(), file.slice(1));
  }

  private async process(script: string, args: readonly string[]): Promise<ProcessSpec> {
    return this.commands.command(this.host, shLine(script, args));
  }

  /**
   * Runs a script there to its end, `input` on its stdin: its stdout, or a GitError with what it
   * (or ssh, naming the host) said.
   */
  private async run(script: string, args: readonly string[], input?: string): Promise<string> {
    try {
      return await runGit(await this.process(script, args), () => SSH_MISSING, input);
    } catch (error) {
      if (error instanceof GitError && error.exitCode === SSH_FAILED) {
        throw new GitError(`${this.host}: ${error.message}`, error.exitCode, error.stdout);
      }
      throw error;
    }
  }
}
