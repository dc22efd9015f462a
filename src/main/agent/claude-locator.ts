import { execFile } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';

/**
 * Finds the `claude` CLI: TETHER_CLAUDE → the user's setting → PATH → the login shell's PATH
 * (an app started from a desktop launcher does not inherit the one the user's shell builds) →
 * this project's own node_modules/.bin.
 */

export const INSTALL_HINT =
  'Install Claude Code (npm install -g @anthropic-ai/claude-code), or set TETHER_CLAUDE to the path of your claude binary.';

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
  /** Asks the user's login shell for its PATH; injectable so tests need no real login shell. */
  loginShellPath?: () => Promise<string | null>;
  /** Where to look for node_modules/.bin/claude (upwards from here). */
  projectDir?: string;
}

export interface Located {
  path: string;
  /** Which step found it, for the user's information. */
  source: 'TETHER_CLAUDE' | 'setting' | 'PATH' | 'login shell PATH' | 'project';
}

export async function locateClaude(options: LocateOptions = {}): Promise<Located> {
  const env = options.env ?? process.env;
  const platform = options.platform ?? process.platform;
  const tried: string[] = [];

  // An explicit choice that is wrong is an error, not a reason to run some other claude.
  for (const [source, value] of [
    ['TETHER_CLAUDE', env['TETHER_CLAUDE']],
    ['setting', options.setting],
  ] as const) {
    if (!value) continue;
    if (isExecutable(value, platform)) return { path: resolve(value), source };
    throw new ClaudeNotFoundError([`${source} = ${value} (not an executable file)`]);
  }

  const names = executableNames('claude', platform, env);
  const onPath = searchPath(env['PATH'] ?? env['Path'] ?? '', names, platform);
  tried.push('claude on PATH');
  if (onPath) return { path: onPath, source: 'PATH' };

  if (platform !== 'win32') {
    const shellPath = await (options.loginShellPath ?? (() => readLoginShellPath(env)))();
    tried.push('claude on the login shell’s PATH');
    const found = shellPath ? searchPath(shellPath, names, platform) : null;
    if (found) return { path: found, source: 'login shell PATH' };
  }

  const local = findUp(options.projectDir ?? __dirname, names, platform);
  tried.push('node_modules/.bin/claude of this project');
  if (local) return { path: local, source: 'project' };

  throw new ClaudeNotFoundError(tried);
}

function executableNames(base: string, platform: NodeJS.Platform, env: NodeJS.ProcessEnv) {
  if (platform !== 'win32') return [base];
  const exts = (env['PATHEXT'] ?? '.EXE;.CMD;.BAT').split(';').filter(Boolean);
  return [...exts.map((e) => base + e.toLowerCase()), base];
}

function isExecutable(path: string, platform: NodeJS.Platform): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, platform === 'win32' ? constants.R_OK : constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function searchPath(pathList: string, names: string[], platform: NodeJS.Platform): string | null {
  const sep = platform === 'win32' ? ';' : delimiter;
  for (const dir of pathList.split(sep)) {
    if (!dir) continue;
    for (const name of names) {
      const candidate = join(dir, name);
      if (isExecutable(candidate, platform)) return candidate;
    }
  }
  return null;
}

function findUp(start: string, names: string[], platform: NodeJS.Platform): string | null {
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    const found = searchPath(join(dir, 'node_modules', '.bin'), names, platform);
    if (found) return found;
    if (dirname(dir) === dir) return null;
  }
}

/** The PATH an interactive login of the user's shell sets up; null when it cannot be read. */
export function readLoginShellPath(env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  const shell = env['SHELL'] || '/bin/sh';
  const marker = '__TETHER_PATH__';
  return new Promise((done) => {
    execFile(
      shell,
      ['-l', '-c', `printf '${marker}%s${marker}' "$PATH"`],
      { env, timeout: 3000, encoding: 'utf8' },
      (error, stdout) => {
        // Login scripts may print banners: take only what sits between the markers.
        const match = error ? null : new RegExp(`${marker}(.*)${marker}`, 's').exec(stdout);
        done(match?.[1] ?? null);
      },
    );
  });
}
