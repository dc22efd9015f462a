// Files dropped onto a block: their paths typed into the shell (quoted for it, as iTerm2 and
// VS Code do) or inserted into an agent's message. Only the Electron preload can tell a dropped
// file's path; in browser mode a drop does nothing, but never navigates the page away.

/** The preload's `pathForFile` ('' for a file not on disk); absent in browser mode. */
export type PathForFile = (file: File) => string;

function preloadPathForFile(): PathForFile | undefined {
  return (window.tether as { pathForFile?: PathForFile } | undefined)?.pathForFile;
}

/** A path as one shell word: POSIX single quotes; double quotes for cmd and PowerShell. */
export function quoteForShell(path: string, platform: string): string {
  // Windows paths cannot contain double quotes, so nothing inside needs escaping.
  if (platform === 'win32') return `"${path}"`;
  return /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replaceAll("'", `'\\''`)}'`;
}

/** What a drop types into a terminal: each path quoted, a space after the last. */
export function shellWords(paths: readonly string[], platform: string): string {
  return paths.map((path) => `${quoteForShell(path, platform)} `).join('');
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

/** The platform whose shells get the quoting: the renderer runs on the host's machine. */
export function localPlatform(userAgent = navigator.userAgent): string {
  return /Windows/.test(userAgent) ? 'win32' : 'posix';
}
