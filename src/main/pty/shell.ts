import { userInfo } from 'node:os';
import {
  envValue,
  findOnPath,
  isExecutableFile,
  pathFor,
  type ExecutableLookup,
} from '../platform/executables';

export interface ShellSpec {
  file: string;
  args: string[];
}

export interface ShellLookup extends ExecutableLookup {
  /** The account's shell from the user database, for when $SHELL is unset. */
  accountShell(): string | undefined;
}

/**
 * The user's shell: `$SHELL` (else the account's) on macOS and Linux, started as a login shell on
 * macOS as Terminal.app does. On Windows the newest PowerShell: `pwsh` (PowerShell 7, on PATH or
 * where its installer puts it), then Windows PowerShell, and `COMSPEC` (cmd.exe) last.
 */
export function defaultShell(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  lookup: Partial<ShellLookup> = {},
): ShellSpec {
  const full: ShellLookup = {
    env,
    platform,
    isExecutable: isExecutableFile,
    accountShell,
    ...lookup,
  };
  if (platform === 'win32') return { file: windowsShell(full), args: [] };
  const file = env['SHELL'] || full.accountShell() || '/bin/sh';
  return { file, args: platform === 'darwin' ? ['-l'] : [] };
}

function windowsShell(lookup: ShellLookup): string {
  const { join } = pathFor('win32');
  const value = (name: string) => envValue(lookup.env, name, 'win32');
  const candidates = [
    findOnPath('pwsh', lookup),
    join(value('PROGRAMFILES') ?? 'C:\\Program Files', 'PowerShell', '7', 'pwsh.exe'),
    join(
      value('SYSTEMROOT') ?? 'C:\\Windows',
      'System32',
      'WindowsPowerShell',
      'v1.0',
      'powershell.exe',
    ),
  ];
  const found = candidates.find((file) => file !== null && lookup.isExecutable(file));
  return found ?? value('COMSPEC') ?? 'cmd.exe';
}

function accountShell(): string | undefined {
  try {
    return userInfo().shell ?? undefined;
  } catch {
    return undefined;
  }
}
