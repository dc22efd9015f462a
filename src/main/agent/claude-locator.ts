import {
  executableNames,
  findIn,
  findOnPath,
  isExecutableFile,
  isLaunchable,
  pathFor,
  type ExecutableLookup,
} from '../platform/executables';

/**
 * Finds the `claude` CLI: TETHER_CLAUDE → the user's `claudePath` setting → PATH → this project's
 * own node_modules/.bin. An app started from a desktop launcher gets the PATH the user's shell
 * sets up from the resolved user environment (platform/user-environment.ts), passed in as `env`.
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
  source: 'TETHER_CLAUDE' | 'setting' | 'PATH' | 'project';
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

  const local = findUp(options.projectDir ?? __dirname, lookup);
  if (local) return { path: local, source: 'project' };

  throw new ClaudeNotFoundError(['claude on PATH', 'node_modules/.bin/claude of this project']);
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
