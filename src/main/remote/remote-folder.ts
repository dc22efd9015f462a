/**
 * A remote folder as the remote's `cd` should get it: `~` and `~/…` (as "Connect to host"
 * completes them) made relative, since ssh starts every command in the remote home and a quoted
 * `~` is never expanded there.
 */
export function remoteFolder(folder: string): string {
  if (folder === '~' || folder === '~/') return '.';
  return folder.startsWith('~/') ? folder.slice(2) : folder;
}
