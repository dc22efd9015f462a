import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where Tether keeps its state when Electron's `userData` is not at hand (browser mode). */
export function userConfigDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  if (platform === 'win32')
    return join(env['APPDATA'] ?? join(homedir(), 'AppData', 'Roaming'), 'tether');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'tether');
  return join(env['XDG_CONFIG_HOME'] || join(homedir(), '.config'), 'tether');
}

/**
 * Browser mode's own state folder, beside the desktop app's: the two can run at once, and neither
 * may restore the other's blocks or append to the other's agent logs.
 */
export function browserStateDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  return `${userConfigDir(env, platform)}-browser`;
}
