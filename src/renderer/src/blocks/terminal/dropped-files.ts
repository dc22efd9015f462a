// Files dropped onto a block: their paths typed into the shell (quoted for it, as iTerm2 and
// VS Code do) or inserted into an agent's message. Only the Electron preload can tell a dropped
// file's path; in browser mode a drop does nothing, but never navigates the page away.

import { posixQuote } from '../../../../shared/posix-quote';

/** The preload's `pathForFile` ('' for a file not on disk); absent in browser mode. */
export type PathForFile = (file: File) => string;

function preloadPathForFile(): PathForFile | undefined {
  return (window.tether as { pathForFile?: PathForFile } | undefined)?.pathForFile;
}

/**
 * How a shell reads a quoted word: each quotes differently, and what one leaves alone another
 * expands (a double-quoted `$x` in PowerShell, `%x%` in cmd).
 */
export type ShellQuoting = 'posix' | 'fish' | 'csh' | 'nu' | 'powershell' | 'cmd';

/**
 * The quoting of the shell a terminal runs, known by the program's name; without one to go by,
 * that of the platform's default shell (PowerShell on Windows, see main/pty/shell.ts).
 */
export function shellQuoting(shell: string | undefined, platform: string): ShellQuoting {
  const name = shell
    ?.split(/[\\/]/)
    .pop()
    ?.toLowerCase()
    .replace(/\.exe$/, '');
  if (!name) return platform === 'win32' ? 'powershell' : 'posix';
  if (name === 'pwsh' || name === 'powershell') return 'powershell';
  if (name === 'cmd') return 'cmd';
  if (name === 'fish') return 'fish';
  if (name === 'tcsh' || name === 'csh') return 'csh';
  if (name === 'nu') return 'nu';
  return 'posix';
}

// Characters no POSIX shell or fish gives a meaning to in a word.
const PLAIN = /^[\w@%+=:,./-]+$/;

/** A path as one word of the shell that reads it, as it would type the path itself. */
export function quoteForShell(path: string, quoting: ShellQuoting): string {
  switch (quoting) {
    case 'posix':
      return PLAIN.test(path) ? path : posixQuote(path);
    case 'fish':
      // fish's single quotes take \\ and \' as escapes, so a backslash is doubled as well.
      return PLAIN.test(path) ? path : `'${path.replace(/[\\']/g, '\\$&')}'`;
    case 'csh':
      // As in POSIX, but an interactive csh expands history (`!`) even inside single quotes.
      return PLAIN.test(path) ? path : posixQuote(path).replaceAll('!', '\\!');
    case 'nu':
      return quoteForNu(path);
    case 'powershell':
      // Single quotes expand nothing; PowerShell also reads the typographic single quotes as
      // quotes (a file named Ada’s.txt), so those are doubled like ' is.
      return `'${path.replace(/['\u2018\u2019\u201A\u201B]/g, '$&$&')}'`;
    case 'cmd':
      return quoteForCmd(path);
  }
}

/**
 * nu's single quotes expand nothing but cannot hold a single quote, and nothing escapes one
 * there; its raw strings (`r#'…'#`) hold anything, closed by the quote and as many `#` as opened
 * them, so they get one more `#` than any run after a quote in the path. Always quoted: a bare
 * word that looks like a number, a range or a flag means that to nu.
 */
function quoteForNu(path: string): string {
  if (!path.includes("'")) return `'${path}'`;
  let hashes = '#';
  while (path.includes(`'${hashes}`)) hashes += '#';
  return `r${hashes}'${path}'${hashes}`;
}

/**
 * cmd.exe expands `%NAME%` before it looks at quotes, and nothing inside double quotes can stop
 * it. So each `%` stands between quoted pieces (`"C:\100"%"done"`): the name it would start then
 * holds a quote character, which no environment variable's name has, and cmd leaves it as typed.
 * A run of backslashes ending a piece is doubled, because programs read `\"` as a literal quote
 * (Windows collapses the doubled separator in a path). Windows names cannot hold `"`, so nothing
 * else can end the quotes. Not covered: `!NAME!` under delayed expansion (`cmd /V:ON`, off by
 * default), which nothing typed can escape inside quotes either.
 */
function quoteForCmd(path: string): string {
  return path
    .split('%')
    .map((piece) => `"${piece.replace(/\\+$/, '$&$&')}"`)
    .join('%');
}

/** What a drop types into a terminal: each path quoted, a space after the last. */
export function shellWords(paths: readonly string[], quoting: ShellQuoting): string {
  return paths.map((path) => `${quoteForShell(path, quoting)} `).join('');
}

/** The paths of the files in a drop, where the page can know them. */
export function droppedPaths(
  transfer: DataTransfer | null,
  pathForFile: PathForFile | undefined = preloadPathForFile(),
): string[] {
  if (!transfer || !pathForFile) return [];
  return Array.from(transfer.files, (file) => pathForFile(file)).filter(Boolean);
}

/**
 * Takes file drops on `element`: the page never follows a dropped file (Chromium would open it in
 * place of Tether), and `onPaths` gets the paths when there are any.
 */
export function acceptFileDrops(
  element: HTMLElement,
  onPaths: (paths: string[]) => void,
  pathForFile?: PathForFile,
): () => void {
  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer?.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const onDrop = (event: DragEvent) => {
    if (!event.dataTransfer?.types.includes('Files')) return;
    event.preventDefault();
    event.stopPropagation();
    const paths = droppedPaths(event.dataTransfer, pathForFile ?? preloadPathForFile());
    if (paths.length > 0) onPaths(paths);
  };
  element.addEventListener('dragover', onDragOver);
  element.addEventListener('drop', onDrop);
  return () => {
    element.removeEventListener('dragover', onDragOver);
    element.removeEventListener('drop', onDrop);
  };
}
