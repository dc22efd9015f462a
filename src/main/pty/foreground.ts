/**
 * The command a terminal is running in the foreground, from node-pty's `process` (the foreground
 * process group leader's argv[0] on Linux, its name on macOS, the shell itself on Windows), or
 * undefined while the shell waits at its prompt. A login shell's name carries a leading "-".
 */
export function foregroundCommand(
  processName: string | undefined,
  shellFile: string,
): string | undefined {
  if (!processName) return undefined;
  const name = programName(processName);
  return name === programName(shellFile) ? undefined : name;
}

function programName(path: string): string {
  const base = path.split(/[\\/]/).at(-1) ?? path;
  return base.replace(/^-/, '').replace(/\.exe$/i, '');
}
