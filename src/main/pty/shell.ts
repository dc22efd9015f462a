import { existsSync } from 'node:fs';
import { userInfo } from 'node:os';

export interface ShellSpec {
  file: string;
  args: string[];
}

/**
 * The user's shell: `$SHELL` (else the account's shell) on macOS and Linux, started as a login
 * shell on macOS as Terminal.app does; PowerShell on Windows, else `COMSPEC`.
 */
export function defaultShell(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): ShellSpec {
  if (platform === 'win32') {
    const systemRoot = env['SystemRoot'] ?? 'C:\\Windows';
    const powershell = `${systemRoot}\\System32\\WindowsPowerShell\\v1.0\\powershell.exe`;
    const file = existsSync(powershell) ? powershell : (env['COMSPEC'] ?? 'cmd.exe');
    return { file, args: [] };
  }
  const file = env['SHELL'] || accountShell() || '/bin/sh';
  return { file, args: platform === 'darwin' ? ['-l'] : [] };
}

function accountShell(): string | undefined {
  try {
    return userInfo().shell ?? undefined;
  } catch {
    return undefined;
  }
}
