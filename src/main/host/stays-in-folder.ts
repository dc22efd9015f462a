import { posix, win32 } from 'node:path';

/**
 * Whether a path meant relative to a folder stays in it, read as any platform would read it: not
 * absolute, not on another drive, not from the home folder (`~`), no `..` step.
 */
export function staysInFolder(path: string): boolean {
  if (posix.isAbsolute(path) || win32.isAbsolute(path)) return false;
  if (/^[A-Za-z]:/.test(path) || path.startsWith('~')) return false;
  return !path.split(/[\\/]/).includes('..');
}
