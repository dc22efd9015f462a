import { remoteCommandLine } from '../../shared/remote-command-line';
import { posixQuote } from '../../shared/posix-quote';
import type { ShellSpec } from '../pty/shell';
import { TERMINAL_IDENTITY } from '../pty/terminal-session';
import { integrationFiles } from '../pty/shell-integration/install-scripts';
import { DEFAULT_DATA_DIRS, withShellIntegration } from '../pty/shell-integration/launch';
import { connect, sshCommand, type SshSettings } from './ssh-connection';
import { remoteFolder } from './remote-folder';
import type { SshTarget } from './ssh-hosts';

/** What a TerminalSession needs to run a shell on `target`: its `shell` and its `env`. */
export interface RemoteShell {
  shell: ShellSpec;
  env: NodeJS.ProcessEnv;
}

/**
 * The remote user's login shell in a pty there (`ssh -tt`), on the host's shared connection
 * (opened first, asking what ssh needs to ask; a failure rejects with ssh's reason): the
 * local pty's size, and every resize, reach it through ssh, and ssh passes TERM. It starts in
 * `cwd` (default: the remote home), with shell integration where the login shell is bash, zsh or
 * fish unless `shellIntegration` is false (see `remoteShellCommand`); the session runs it with its
 * own integration off, since the local shell is ssh.
 */
export async function remoteShell(
  target: SshTarget,
  settings: SshSettings,
  cwd?: string,
  options: { shellIntegration?: boolean } = {},
): Promise<RemoteShell> {
  await connect(target, settings);
  return remoteShellSpec(target, settings, cwd, options);
}

/** `remoteShell` on a connection the caller has just opened: the same, without checking again. */
export function remoteShellSpec(
  target: SshTarget,
  settings: SshSettings,
  cwd?: string,
  { shellIntegration = true }: { shellIntegration?: boolean } = {},
): RemoteShell {
  const { file, args, env } = sshCommand(target, settings, {
    kind: 'tty',
    command: remoteShellCommand(cwd, shellIntegration),
  });
  return { shell: { file, args }, env };
}

type RemoteIntegrated = 'bash' | 'zsh' | 'fish';

/**
 * Leaves with the shell's exit code, but never 255: that is ssh's own when the connection fails,
 * which the block takes for a lost connection. So the shell is run, not `exec`ed (a shell whose
 * last command was a failed `ssh` exits 255 too, and must not look like a dropped link).
 */
const EXIT_AS_SHELL = 's=$?; [ $s -eq 255 ] && s=254; exit $s';

/**
 * The integration's folder is removed by the shell itself, first thing in the last file it reads
 * from there: by then that file is open (and bash and fish have read it whole), and nothing else is
 * read from the folder, so this is as early as is safe, however long the user's own startup files
 * take. A timer that removes it after a guess (`sleep N; rm`) would take the files from under a
 * slow start (a home on a busy network disk), leaving the user without their rc files, and would
 * need a process left behind on the remote to wait with.
 */
const readLast: Record<RemoteIntegrated, { name: string; unset: string }> = {
  bash: { name: 'tether.bash', unset: 'unset' },
  // After .zshenv and .zprofile; .zlogin is read from the user's own ZDOTDIR again.
  zsh: { name: '.zshrc', unset: 'unset' },
  fish: { name: 'tether.fish', unset: 'set -e' },
};

/** The folder in the remote script, and in the variable the shell removes it by. */
const FOLDER = '$dir';
const FOLDER_VARIABLE = 'TETHER_SCRIPT_DIR';

/**
 * How the local integration starts `kind` (`withShellIntegration`), as an sh command: the same
 * door, with sh expressions for what it reads locally: the scripts folder, and the remote's own
 * ZDOTDIR and XDG_DATA_DIRS, expanded there. An empty ZDOTDIR reads as an unset one in the zsh
 * scripts, and an unset XDG_DATA_DIRS stands for its default, as the door itself assumes.
 */
function door(kind: RemoteIntegrated): string {
  const { shell, env } = withShellIntegration(
    { file: kind, args: ['-l'] },
    {
      platform: 'linux',
      env: { ZDOTDIR: '${ZDOTDIR-}', XDG_DATA_DIRS: `\${XDG_DATA_DIRS:-${DEFAULT_DATA_DIRS}}` },
      scriptFolder: () => FOLDER,
    },
  );
  // `env` rather than assignments: every value is expanded before any is set.
  const assignments = Object.entries({ ...env, [FOLDER_VARIABLE]: FOLDER }).map(
    ([name, value]) => `${name}="${value}"`,
  );
  const start = ['env', ...assignments, '"$shell"', ...shell.args.map((arg) => `"${arg}"`)];
  return `{ ${start.join(' ')}; ${EXIT_AS_SHELL}; }`;
}

/** Writes `kind`'s files into the folder (base64: no quote or backslash), then starts it. */
function integratedStart(kind: RemoteIntegrated): string {
  const last = readLast[kind];
  const removal = `command rm -rf -- "$${FOLDER_VARIABLE}"; ${last.unset} ${FOLDER_VARIABLE}\n`;
  const files = integrationFiles[kind];
  const folders = new Set(
    files.filter((file) => file.path.length > 1).map((file) => file.path.slice(0, -1).join('/')),
  );
  const steps = [
    ...[...folders].map((folder) => `mkdir -p "${FOLDER}/${folder}"`),
    ...files.map(({ path, text }) => {
      const shipped = path.at(-1) === last.name ? removal + text : text;
      return `put "${FOLDER}/${path.join('/')}" ${Buffer.from(shipped).toString('base64')}`;
    }),
    door(kind),
  ];
  return `${kind}) ${steps.join(' && ')};;`;
}

/**
 * Run on the remote by `sh` (`remoteCommandLine`: whatever the login shell there, it reads none
 * of it). It tells the shell the terminal's identity (`TERMINAL_IDENTITY`), enters the folder (`$1`, saying so and staying home when it cannot), then starts the
 * login shell (`$SHELL`), `integrated` with the files in a private temporary folder. What cannot
 * be done (no `mktemp`, no `base64`, another shell) leaves a plain login shell.
 */
const remoteScript = (integrated: boolean) =>
  [
    `export ${Object.entries(TERMINAL_IDENTITY)
      .map(([name, value]) => `${name}=${posixQuote(value)}`)
      .join(' ')}`,
    'if [ -n "$1" ]; then cd -- "$1" 2>/dev/null || { echo "There is no folder $1 on $(uname -n) (or this user may not enter it): starting in $HOME." >&2; cd; }; fi',
    'shell=${SHELL:-/bin/sh}',
    ...(integrated
      ? [
          // Older macOS spells base64's decode -D.
          'put() { printf %s "$2" | base64 -d >"$1" 2>/dev/null || printf %s "$2" | base64 -D >"$1" 2>/dev/null; }',
          `dir=$(mktemp -d "\${TMPDIR:-/tmp}/tether-shell.XXXXXX" 2>/dev/null) && case \${shell##*/} in ${(['bash', 'zsh', 'fish'] as const).map(integratedStart).join(' ')} esac`,
          '[ -n "$dir" ] && rm -rf -- "$dir"',
        ]
      : []),
    `"$shell" -l; ${EXIT_AS_SHELL}`,
  ].join('; ');

/** The command line ssh has the remote run for a terminal starting in `cwd`. */
export function remoteShellCommand(cwd?: string, shellIntegration = true): string {
  return remoteCommandLine(
    remoteScript(shellIntegration),
    cwd === undefined ? [] : [remoteFolder(cwd)],
  );
}
