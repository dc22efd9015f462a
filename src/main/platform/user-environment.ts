import { readShellEnvironment } from './shell-environment';
import { errorMessage } from '../../shared/error-message';

/**
 * The environment terminals and agents get. An app started from the macOS Finder or Dock, or a
 * Linux desktop launcher, inherits the session's bare environment: no PATH additions from the
 * user's shell files (so `claude` is not found) and, on macOS, no locale at all. Started from a
 * terminal, the environment is already the user's and is kept as it is.
 */

export interface UserEnvironmentOptions {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  /** The user's login shell (`$SHELL`, else the account's). */
  shell: string;
  /** Reads the shell's environment; the real probe unless a test passes another. */
  readShell?: (
    shell: string,
    env: NodeJS.ProcessEnv,
    timeoutMs: number,
  ) => Promise<NodeJS.ProcessEnv>;
  timeoutMs?: number;
  log?: (message: string) => void;
}

/** How long a slow rc file may hold up the first terminal before Tether gives up on it. */
export const SHELL_ENVIRONMENT_TIMEOUT_MS = 10_000;

/**
 * Whether the app was started from a launcher rather than a terminal. Every terminal emulator
 * sets TERM for its shell and so for whatever that shell starts; launchd (Finder, Dock, `open`),
 * systemd and desktop sessions do not. Windows programs get their PATH from the registry,
 * whoever starts them, so there is nothing to resolve.
 */
export function startedFromLauncher(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): boolean {
  return platform !== 'win32' && !env['TERM'];
}

/**
 * A UTF-8 locale when none is set: without one, shells and programs fall back to ASCII and show
 * `?` for every other character. C.UTF-8 exists on every current Linux; macOS has no C.UTF-8 but
 * always has en_US.UTF-8. Windows consoles do not read LANG.
 */
export function withUtf8Locale(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform,
): NodeJS.ProcessEnv {
  if (platform === 'win32' || env['LC_ALL'] || env['LC_CTYPE'] || env['LANG']) return env;
  return { ...env, LANG: platform === 'darwin' ? 'en_US.UTF-8' : 'C.UTF-8' };
}

export async function resolveUserEnvironment(
  options: UserEnvironmentOptions,
): Promise<NodeJS.ProcessEnv> {
  const { platform, env } = options;
  let resolved = env;
  if (startedFromLauncher(platform, env)) {
    const read = options.readShell ?? readShellEnvironment;
    try {
      resolved = {
        ...env,
        ...(await read(options.shell, env, options.timeoutMs ?? SHELL_ENVIRONMENT_TIMEOUT_MS)),
      };
    } catch (error) {
      (options.log ?? console.warn)(
        `tether: could not read your shell's environment: ${errorMessage(error)}. Terminals and agents start with Tether's own, where PATH may lack what your shell files add.`,
      );
    }
  }
  return withUtf8Locale(resolved, platform);
}
