import { spawn } from 'node:child_process';
import { basename } from 'node:path';

export interface EditorOptions {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  /** The system's own opener (Electron's shell.openPath): '' when it worked, else why not. */
  openPath?: ((path: string) => Promise<string>) | undefined;
  /** Starts a program and leaves it running (injected so tests see what would start). */
  launch?: (file: string, args: string[]) => Promise<void>;
}

// Editors that need a terminal: started here without one, they would show nothing.
const TERMINAL_EDITORS = new Set([
  'vi',
  'vim',
  'nvim',
  'nano',
  'pico',
  'emacs',
  'micro',
  'hx',
  'helix',
  'kak',
  'joe',
  'ne',
  'ed',
  'mg',
]);

/** `$VISUAL`, else `$EDITOR`, as a program and its arguments, when it is one that opens a window. */
export function windowedEditor(env: NodeJS.ProcessEnv): { file: string; args: string[] } | null {
  for (const name of ['VISUAL', 'EDITOR']) {
    const [file, ...args] = commandWords(env[name] ?? '');
    if (!file) continue;
    const program = basename(file)
      .replace(/\.(exe|cmd|bat)$/i, '')
      .toLowerCase();
    // `emacs` with a display opens a window unless told not to.
    const inTerminal = program === 'emacs' ? args.includes('-nw') : TERMINAL_EDITORS.has(program);
    if (!inTerminal) return { file, args };
  }
  return null;
}

/** A command line's words; the program may be quoted, for a path with spaces (as git reads it). */
function commandWords(line: string): string[] {
  const quoted = /^\s*"([^"]+)"\s*(.*)$/.exec(line);
  const [first, rest] = quoted ? [quoted[1]!, quoted[2]!] : [undefined, line];
  const words = rest.trim().split(/\s+/).filter(Boolean);
  return first ? [first, ...words] : words;
}

/** The platform's "open this file with its default application". */
export function systemOpener(platform: NodeJS.Platform): { file: string; args: string[] } {
  if (platform === 'darwin') return { file: 'open', args: [] };
  if (platform === 'win32') return { file: 'cmd', args: ['/c', 'start', '""'] };
  return { file: 'xdg-open', args: [] };
}

const detached = (file: string, args: string[]) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(file, args, { detached: true, stdio: 'ignore', windowsHide: true });
    child.once('error', reject);
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });

/** Opens a file in the user's editor: `$VISUAL`/`$EDITOR` when it opens a window, else the system's default. */
export async function openInEditor(path: string, options: EditorOptions): Promise<void> {
  const launch = options.launch ?? detached;
  const editor = windowedEditor(options.env);
  if (editor) return launch(editor.file, [...editor.args, path]);
  if (options.openPath) {
    const failure = await options.openPath(path);
    if (failure) throw new Error(`the system could not open ${path}: ${failure}`);
    return;
  }
  const opener = systemOpener(options.platform);
  await launch(opener.file, [...opener.args, path]);
}
