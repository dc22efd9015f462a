import { pathFor } from '../../platform/executables';
import type { ShellSpec } from '../shell';

export type IntegratedShell = 'bash' | 'zsh' | 'fish' | 'powershell';

/** Where each shell's script sits inside the scripts folder (see `installScripts`). */
export const scriptPaths = {
  bash: ['tether.bash'],
  zsh: ['zsh'],
  fish: ['fish'],
  powershell: ['tether.ps1'],
} as const satisfies Record<IntegratedShell, readonly string[]>;

export interface IntegrationContext {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  /** The folder that holds the scripts; only asked for when the shell is one of ours. */
  scriptFolder(): string;
}

export interface ShellLaunch {
  shell: ShellSpec;
  /** Variables to set over the shell's environment. */
  env: Record<string, string>;
}

/** What an unset XDG_DATA_DIRS stands for, by the XDG base directory specification. */
export const DEFAULT_DATA_DIRS = '/usr/local/share:/usr/share';

// Arguments that only say how interactive the shell is: with anything else (`-c`, a script, an
// rc-file option) the user asked for something the integration could change, so it stays out.
const plainArgs: Record<IntegratedShell, readonly string[]> = {
  bash: ['-l', '--login', '-i'],
  zsh: ['-l', '--login', '-i'],
  fish: ['-l', '--login', '-i'],
  powershell: ['-nologo', '-login', '-l', '-interactive'],
};

/** Which integrated shell a file is, by its name: `/usr/bin/zsh`, `pwsh.exe`, `bash.exe`. */
export function integratedShell(file: string, platform: NodeJS.Platform): IntegratedShell | null {
  const name = pathFor(platform)
    .basename(file)
    .toLowerCase()
    .replace(/\.exe$/, '');
  if (name === 'bash' || name === 'zsh' || name === 'fish') return name;
  if (name === 'pwsh' || name === 'powershell') return 'powershell';
  return null;
}

/**
 * The shell started so that it reports its prompts, commands, exit codes and folder, without
 * touching the user's rc files: each shell gets them through a door of its own. Other shells, and
 * ours with arguments beyond the plain interactive ones, start as they are.
 */
export function withShellIntegration(shell: ShellSpec, context: IntegrationContext): ShellLaunch {
  const kind = integratedShell(shell.file, context.platform);
  const plain =
    kind !== null && shell.args.every((arg) => plainArgs[kind].includes(arg.toLowerCase()));
  if (!kind || !plain) return { shell, env: {} };
  const { join } = pathFor(context.platform);
  const path = join(context.scriptFolder(), ...scriptPaths[kind]);
  const login = shell.args.some((arg) => ['-l', '--login', '-login'].includes(arg.toLowerCase()));
  switch (kind) {
    case 'bash':
      // --init-file replaces ~/.bashrc and works only for a non-login shell: the script reads
      // what a login shell would have read instead.
      return {
        shell: { file: shell.file, args: ['--init-file', path, '-i'] },
        env: login ? { TETHER_SHELL_LOGIN: '1' } : {},
      };
    case 'zsh': {
      const userDir = context.env['ZDOTDIR'];
      return {
        shell,
        env: { ZDOTDIR: path, ...(userDir ? { TETHER_USER_ZDOTDIR: userDir } : {}) },
      };
    }
    case 'fish': {
      const userDirs = context.env['XDG_DATA_DIRS'];
      // Fish must still find its other vendor scripts.
      const dirs = userDirs || DEFAULT_DATA_DIRS;
      return {
        shell,
        env: {
          XDG_DATA_DIRS: `${path}:${dirs}`,
          ...(userDirs ? { TETHER_USER_XDG_DATA_DIRS: userDirs } : {}),
        },
      };
    }
    case 'powershell':
      return {
        shell: {
          file: shell.file,
          args: [...shell.args, '-NoExit', '-Command', `. '${path.replaceAll("'", "''")}'`],
        },
        env: {},
      };
  }
}
