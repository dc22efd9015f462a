import { homedir } from 'node:os';
import {
  envValue,
  executableNames,
  findIn,
  findOnPath,
  isExecutableFile,
  isLaunchable,
  pathFor,
  type ExecutableLookup,
} from '../platform/executables';

/**
 * Finds the `claude` CLI: TETHER_CLAUDE → the user's `claudePath` setting → PATH → the places
 * Claude Code's installers put it → this project's own node_modules/.bin. An app started from a
 * desktop launcher gets the PATH the user's shell sets up from the resolved user environment
 * (platform/user-environment.ts), passed in as `env`; the install places cover a PATH that still
 * lacks them (the Windows installers do not always add theirs, and a shell file may not either).
 */

export const INSTALL_HINT =
  'Install Claude Code (npm install -g @anthropic-ai/claude-code), or set claudePath in the settings (or TETHER_CLAUDE) to the path of your claude binary.';

export class ClaudeNotFoundError extends Error {
  constructor(readonly tried: string[]) {
    super(`Claude Code CLI not found. Tried: ${tried.join('; ')}. ${INSTALL_HINT}`);
    this.name = 'ClaudeNotFoundError';
  }
}

export interface LocateOptions {
  env?: NodeJS.ProcessEnv;
  /** The user's `claudePath` setting. */
  setting?: string | undefined;
  platform?: NodeJS.Platform;
  isExecutable?: (path: string) => boolean;
  /** Where to look for node_modules/.bin/claude (upwards from here). */
  projectDir?: string;
}

export interface Located {
  path: string;
  /** Which step found it, for the user's information. */
  source: 'TETHER_CLAUDE' | 'setting' | 'PATH' | 'install location' | 'project';
}

export async function locateClaude(options: LocateOptions = {}): Promise<Located> {
  const lookup: ExecutableLookup = {
    env: options.env ?? process.env,
    platform: options.platform ?? process.platform,
    isExecutable: options.isExecutable ?? isExecutableFile,
  };
  const path = pathFor(lookup.platform);

  // An explicit choice that is wrong is an error, not a reason to run some other claude.
  for (const [source, value] of [
    ['TETHER_CLAUDE', lookup.env['TETHER_CLAUDE']],
    ['setting', options.setting],
  ] as const) {
    if (!value) continue;
    const found = explicitFile(path.resolve(value), lookup);
    if (found) return { path: found, source };
    throw new ClaudeNotFoundError([`${source} = ${value} (not an executable file)`]);
  }

  const onPath = findOnPath('claude', lookup);
  if (onPath) return { path: onPath, source: 'PATH' };

  const places = installLocations(lookup);
  const installed = places.find((file) => lookup.isExecutable(file));
  if (installed) return { path: installed, source: 'install location' };

  const local = findUp(options.projectDir ?? __dirname, lookup);
  if (local) return { path: local, source: 'project' };

  throw new ClaudeNotFoundError([
    'claude on PATH',
    ...places,
    'node_modules/.bin/claude of this project',
  ]);
}

/**
 * Where Claude Code's installers put `claude`, the user's own first: the native installer
 * (`~/.local/bin`), on Windows WinGet's links and npm's global folder, elsewhere the older local
 * install (`~/.claude/local`) and Homebrew's and npm's usual prefixes.
 */
function installLocations(lookup: ExecutableLookup): string[] {
  const path = pathFor(lookup.platform);
  const variable = (name: string) => envValue(lookup.env, name, lookup.platform) || undefined;
  if (lookup.platform === 'win32') {
    const home = variable('USERPROFILE') ?? homedir();
    // Set in every Windows session, but an environment handed to Tether may have lost them.
    const roaming = variable('APPDATA') ?? path.join(home, 'AppData', 'Roaming');
    const local = variable('LOCALAPPDATA') ?? path.join(home, 'AppData', 'Local');
    return [
      path.join(home, '.local', 'bin', 'claude.exe'),
      path.join(local, 'Microsoft', 'WinGet', 'Links', 'claude.exe'),
      path.join(roaming, 'npm', 'claude.cmd'),
    ];
  }
  const home = variable('HOME') ?? homedir();
  return [
    path.join(home, '.local', 'bin', 'claude'),
    path.join(home, '.claude', 'local', 'claude'),
    '/opt/homebrew/bin/claude',
    '/usr/local/bin/claude',
  ];
}

/** The file itself; on Windows also `C:\…\claude` written without its extension. */
function explicitFile(file: string, lookup: ExecutableLookup): string | null {
  if (lookup.platform !== 'win32') return lookup.isExecutable(file) ? file : null;
  if (isLaunchable(file) && lookup.isExecutable(file)) return file;
  const path = pathFor('win32');
  return findIn([path.dirname(file)], executableNames(path.basename(file), lookup), lookup);
}

function findUp(start: string, lookup: ExecutableLookup): string | null {
  const path = pathFor(lookup.platform);
  const names = executableNames('claude', lookup);
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    const found = findIn([path.join(dir, 'node_modules', '.bin')], names, lookup);
    if (found) return found;
    if (path.dirname(dir) === dir) return null;
  }
}
