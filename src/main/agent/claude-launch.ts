import { readFileSync } from 'node:fs';
import { cmdLaunch } from '../platform/cmd-line';
import {
  envValue,
  findIn,
  findOnPath,
  pathFor,
  type ExecutableLookup,
} from '../platform/executables';

/** How to start a located `claude` with its arguments. */
export interface LaunchCommand {
  file: string;
  args: string[];
  windowsVerbatimArguments?: boolean;
}

export interface LaunchHost extends ExecutableLookup {
  /** A small text file's contents, or null when it cannot be read. */
  readFile(path: string): string | null;
}

/**
 * Anything but a Windows batch file starts as it is. An npm shim (`claude.cmd`) is looked through
 * to what it runs: the program itself, or node with the script. A batch file that is not a shim
 * Tether understands goes through cmd.exe, quoted for it.
 */
export function launchCommand(file: string, args: string[], host: LaunchHost): LaunchCommand {
  if (host.platform !== 'win32' || !/\.(cmd|bat)$/i.test(file)) return { file, args };
  const path = pathFor('win32');
  const shim = host.readFile(file);
  const target = shim === null ? null : npmShimTarget(shim, path.dirname(file));
  if (target && host.isExecutable(target)) {
    if (/\.(exe|com)$/i.test(target)) return { file: target, args };
    if (/\.[cm]?js$/i.test(target)) {
      // The shim prefers a node.exe next to itself, then node on PATH.
      const node = findIn([path.dirname(file)], ['node.exe'], host) ?? findOnPath('node', host);
      if (node) return { file: node, args: [target, ...args] };
    }
  }
  return cmdLaunch(file, args, envValue(host.env, 'COMSPEC', 'win32'));
}

/**
 * The file an npm (cmd-shim), pnpm or yarn shim runs, written in it relative to the shim's own
 * folder: `"%dp0%\node_modules\@anthropic-ai\claude-code\cli.js"` (or `%~dp0`). The last such
 * path is the target; an earlier one is the optional node.exe beside the shim.
 */
export function npmShimTarget(shim: string, shimDir: string): string | null {
  const paths = [...shim.matchAll(/"%(?:dp0%|~dp0)\\?([^"\r\n%]+)"/g)].map((match) => match[1]!);
  const target = paths.at(-1);
  return target ? pathFor('win32').join(shimDir, target) : null;
}

/** A small text file's contents from this machine's disk, or null when it cannot be read. */
export function readTextFile(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}
