import { readShellEnvironment } from './shell-environment';
import { errorMessage } from '../../shared/error-message';

/**
 * The environment terminals and agents get. An app started from the macOS Finder or Dock, or a
 * Linux desktop launcher, inherits the session's bare environment: no PATH additions from the
 * user's shell files (so `claude` is not found) and, on macOS, no locale at all. Started from a
 * terminal, the environment is already the user's, less what the scripts that started Tether
 * added for themselves (`npm start`).
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

/**
 * What npm (and pnpm, which copies it) adds for a script it runs: `npm_*` settings, the script's
 * folders' `node_modules/.bin` and npm's node-gyp-bin ahead of PATH, and a few plain names. The
 * shell that ran `npm start` had none of them, and in a user's shell they would run Tether's own
 * tools in place of the user's and hand npm's settings to every `npm` the user types.
 */
const NPM_ADDED = ['INIT_CWD', 'NODE', 'COLOR'];
/** What electron-vite sets for the Electron it starts; NODE_ENV=production makes `npm install` skip devDependencies. */
const ELECTRON_VITE_ADDED = [
  'NODE_ENV_ELECTRON_VITE',
  'NODE_ENV',
  'ELECTRON_MAJOR_VER',
  'ELECTRON_EXEC_PATH',
  'ELECTRON_CLI_ARGS',
  'ELECTRON_ENTRY',
  'ELECTRON_RENDERER_URL',
];

function isScriptBinFolder(entry: string): boolean {
  return /[\\/]node_modules[\\/]\.bin$|[\\/]node-gyp-bin$/.test(entry);
}

/** The environment without what a launcher script added for its own children (see above). */
export function withoutLauncherVariables(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform,
): NodeJS.ProcessEnv {
  const underNpm = Object.keys(env).some((name) => /^npm_(lifecycle_event|execpath)$/i.test(name));
  const underElectronVite = env['NODE_ENV_ELECTRON_VITE'] !== undefined;
  if (!underNpm && !underElectronVite) return env;
  const cleaned = { ...env };
  if (underElectronVite) for (const name of ELECTRON_VITE_ADDED) delete cleaned[name];
  if (underNpm) {
    for (const name of Object.keys(cleaned)) {
      if (/^npm_/i.test(name) || NPM_ADDED.includes(name)) delete cleaned[name];
    }
    // Windows spells it Path; npm prepends to each spelling it finds.
    const delimiter = platform === 'win32' ? ';' : ':';
    for (const name of Object.keys(cleaned).filter((key) => /^path$/i.test(key))) {
      const entries = cleaned[name]!.split(delimiter);
      const first = entries.findIndex((entry) => !isScriptBinFolder(entry));
      cleaned[name] = first < 0 ? '' : entries.slice(first).join(delimiter);
    }
  }
  return cleaned;
}

export async function resolveUserEnvironment(
  options: UserEnvironmentOptions,
): Promise<NodeJS.ProcessEnv> {
  const { platform } = options;
  const env = withoutLauncherVariables(options.env, platform);
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
