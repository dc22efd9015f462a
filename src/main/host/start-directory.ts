import { homedir } from 'node:os';
import { pathFor } from '../platform/executables';

export interface StartContext {
  platform: NodeJS.Platform;
  home: string;
  /** The folder holding the app's executable, where a Windows shortcut may start it. */
  installDir?: string;
}

/**
 * The workspace directory when none is given: where Tether was started. `npm start` and
 * `npm run web` run in the project's folder, so npm's record of where it was invoked comes
 * first. A desktop launcher starts apps in a folder nobody works in: `/` on macOS and Linux, and
 * on Windows System32, the Windows folder, a drive's root or the install folder. There home is
 * the useful answer.
 */
export function startDirectory(
  env: NodeJS.ProcessEnv = process.env,
  cwd = process.cwd(),
  context: Partial<StartContext> = {},
): string {
  const platform = context.platform ?? process.platform;
  const home = context.home ?? homedir();
  const path = pathFor(platform);
  const started = path.resolve(env['INIT_CWD'] || cwd);
  const launcherFolders = [
    platform === 'win32' ? path.parse(started).root : '/',
    ...(platform === 'win32' ? [env['SystemRoot'] || env['windir'] || 'C:\\Windows'] : []),
    ...(context.installDir ? [context.installDir] : []),
  ];
  return launcherFolders.some((folder) => isWithin(started, folder, platform)) ? home : started;
}

function isWithin(child: string, parent: string, platform: NodeJS.Platform): boolean {
  const path = pathFor(platform);
  const relative = path.relative(path.resolve(parent), child);
  // The root itself counts, its subfolders do not: only the install and Windows folders are
  // unwanted all the way down.
  if (path.resolve(parent) === path.parse(child).root) return relative === '';
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
