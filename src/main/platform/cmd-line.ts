/**
 * Building a `cmd.exe /d /s /c "…"` command line for a batch file, since Node refuses to spawn
 * .cmd/.bat files without a shell (CVE-2024-27980). cmd.exe reads a line before the program
 * does: every character it treats specially gets a caret, and a quote is carets-escaped too, so
 * cmd never enters a quoted span in which other characters would go unescaped. A batch file
 * passes its arguments on through `%*`, which cmd parses a second time, hence the second round of
 * carets for arguments. These are the rules cross-spawn and VS Code apply.
 */

const CMD_SPECIAL = /([()\][%!^"`<>&|;, *?])/g;

const caret = (text: string): string => text.replace(CMD_SPECIAL, '^$1');

/**
 * One argument as the program's C runtime will split it: in double quotes, a quote as `\"`, and
 * the backslashes before a quote (or before the closing quote) doubled.
 */
export function quoteForCrt(arg: string): string {
  const escaped = arg
    .replace(/(\\*)"/g, (_match, slashes: string) => `${slashes}${slashes}\\"`)
    .replace(/(\\+)$/, (slashes: string) => slashes + slashes);
  return `"${escaped}"`;
}

export interface CmdLaunch {
  file: string;
  args: string[];
  /** The line is already quoted for cmd.exe: Node must pass it as it is. */
  windowsVerbatimArguments: true;
}

/** Runs `batchFile` with `args` through cmd.exe (`comspec`, else `cmd.exe`). */
export function cmdLaunch(batchFile: string, args: string[], comspec?: string): CmdLaunch {
  const line = [caret(batchFile), ...args.map((arg) => caret(caret(quoteForCrt(arg))))].join(' ');
  return {
    file: comspec || 'cmd.exe',
    // /d: no AutoRun commands from the registry; /s with the outer quotes: cmd strips exactly
    // those two and keeps the rest of the line as built.
    args: ['/d', '/s', '/c', `"${line}"`],
    windowsVerbatimArguments: true,
  };
}
