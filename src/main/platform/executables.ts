import { accessSync, constants, statSync } from 'node:fs';
import { posix, win32 } from 'node:path';

/** What finding a program needs from the machine; tests pass another platform's. */
export interface ExecutableLookup {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  /** True for a regular file this user may run (on Windows: may read). */
  isExecutable(path: string): boolean;
}

/** The extensions Windows can start a program from; scripts for other hosts (.js, .vbs, .ps1) are not. */
const LAUNCHABLE = ['.com', '.exe', '.bat', '.cmd'];

/** Whether Windows can start this file as a program (directly, or through cmd.exe for .cmd/.bat). */
export function isLaunchable(file: string): boolean {
  return LAUNCHABLE.some((ext) => file.toLowerCase().endsWith(ext));
}

export function pathFor(platform: NodeJS.Platform): typeof posix {
  return platform === 'win32' ? win32 : posix;
}

/**
 * A variable by name. Windows names are case-insensitive, but a copy of `process.env` is a plain
 * object, where `Path` (how Windows spells it) is not `PATH`.
 */
export function envValue(
  env: NodeJS.ProcessEnv,
  name: string,
  platform: NodeJS.Platform,
): string | undefined {
  if (platform !== 'win32') return env[name];
  const key = Object.keys(env).find((candidate) => candidate.toUpperCase() === name);
  return key === undefined ? undefined : env[key];
}

export function pathDirectories(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string[] {
  return (envValue(env, 'PATH', platform) ?? '')
    .split(platform === 'win32' ? ';' : ':')
    .map((dir) => (platform === 'win32' ? dir.replace(/^"(.*)"$/, '$1') : dir))
    .filter(Boolean);
}

/**
 * The file names a command `base` can have: on Windows one per launchable PATHEXT entry in
 * PATHEXT's order (so `claude.exe` before `claude.cmd`), never the bare name, which npm writes as
 * a shell script for Git Bash.
 */
export function executableNames(base: string, lookup: ExecutableLookup): string[] {
  if (lookup.platform !== 'win32') return [base];
  const pathext = envValue(lookup.env, 'PATHEXT', 'win32') ?? '.COM;.EXE;.BAT;.CMD';
  const extensions = pathext
    .split(';')
    .map((ext) => ext.trim().toLowerCase())
    .filter((ext) => LAUNCHABLE.includes(ext));
  return [...new Set(extensions)].map((ext) => base + ext);
}

/** The first of `names` in `dirs`, directory by directory as a shell searches PATH. */
export function findIn(dirs: string[], names: string[], lookup: ExecutableLookup): string | null {
  const path = pathFor(lookup.platform);
  for (const dir of dirs) {
    for (const name of names) {
      const candidate = path.join(dir, name);
      if (lookup.isExecutable(candidate)) return candidate;
    }
  }
  return null;
}

/** `command` on the PATH of `lookup.env`. */
export function findOnPath(command: string, lookup: ExecutableLookup): string | null {
  return findIn(
    pathDirectories(lookup.env, lookup.platform),
    executableNames(command, lookup),
    lookup,
  );
}

/** The real check, for this machine. */
export function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, process.platform === 'win32' ? constants.R_OK : constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
