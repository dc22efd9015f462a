import { spawn } from 'node:child_process';
import { basename } from 'node:path';
import type { AgentEvent } from '../../shared/agent-event';
import { formatTarget, parseTarget } from '../remote/ssh-hosts';
import { toolUseIn } from './agent-registry';

export interface EditorOptions {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  /** The machine the file is on, when it is another one (a remote block's), as ssh names it. */
  host?: string | undefined;
  /** The system's own opener (Electron's shell.openPath): '' when it worked, else why not. */
  openPath?: ((path: string) => Promise<string>) | undefined;
  /** Shows the file in the system's file manager (Electron's shell.showItemInFolder). */
  revealPath?: ((path: string) => void) | undefined;
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
    const program = programName(file);
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

// An opener that fails (xdg-open with no application for the file, an editor that cannot reach a
// display) says so within moments; one still running after this has opened something.
const OPENER_GRACE_MS = 1500;

/**
 * Starts an opener and leaves it running. It counts as opened when it exits cleanly or is still
 * running after a moment; an exit with a failure rejects with the last line it wrote to stderr.
 */
const detached = (file: string, args: string[]) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(file, args, {
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      windowsHide: true,
    });
    let said = '';
    child.stderr
      .setEncoding('utf8')
      .on('data', (text: string) => (said = (said + text).slice(-2000)));
    const letGo = () => {
      clearTimeout(grace);
      child.removeAllListeners('exit');
      child.stderr.destroy();
      child.unref();
    };
    const grace = setTimeout(() => {
      letGo();
      resolve();
    }, OPENER_GRACE_MS);
    child.once('error', (failure) => {
      clearTimeout(grace);
      reject(failure);
    });
    child.once('exit', (code, signal) => {
      letGo();
      if (code === 0) return resolve();
      const why =
        said.trim().split('\n').at(-1)?.trim() || `it ended with ${signal ?? `code ${code}`}`;
      reject(new Error(`${basename(file)} could not open the file: ${why}`));
    });
  });

/**
 * How a file gets opened, never by running it: the user's windowed editor; else on macOS the
 * default text editor (`open -t`: the default application of a `.command` file would run it), on
 * Linux the default application, and on Windows only a file manager window showing the file (the
 * default application of a `.bat`, `.js` or `.hta` file runs it, and `cmd /c start` would read a
 * `&` in its name as a second command). `openPath` is the desktop shell's opener (Electron's
 * shell.openPath), `revealPath` its "show in folder"; both are absent in browser mode.
 */
export type OpenPlan =
  { kind: 'launch'; file: string; args: string[] } | { kind: 'openPath' } | { kind: 'reveal' };

export function openPlan(
  path: string,
  { env, platform, openPath, revealPath, host }: Omit<EditorOptions, 'launch'>,
): OpenPlan {
  const editor = windowedEditor(env);
  if (host) return remotePlan(path, host, editor);
  if (editor) {
    const endOfOptions = takesEndOfOptions(editor.file) ? ['--'] : [];
    return { kind: 'launch', file: editor.file, args: [...editor.args, ...endOfOptions, path] };
  }
  if (platform === 'darwin') return { kind: 'launch', file: 'open', args: ['-t', path] };
  if (platform === 'win32') {
    return revealPath
      ? { kind: 'reveal' }
      : { kind: 'launch', file: 'explorer.exe', args: [`/select,${path}`] };
  }
  return openPath ? { kind: 'openPath' } : { kind: 'launch', file: 'xdg-open', args: [path] };
}

// Editors known to read `--` as the end of their options, so that nothing after it is one.
const END_OF_OPTIONS_EDITORS = new Set([
  'code',
  'code-insiders',
  'codium',
  'cursor',
  'windsurf',
  'zed',
  'gvim',
  'mvim',
  'gedit',
  'kate',
]);

// Editors that open a file on another machine themselves, over the user's ssh (VS Code's Remote -
// SSH, and Cursor's): `--remote ssh-remote+HOST` connects them to it.
const REMOTE_SSH_EDITORS = new Set(['code', 'code-insiders', 'cursor']);

/**
 * A file on `host` opens in the user's VS Code or Cursor, connected there; no other opener can
 * reach it, so otherwise the refusal says where the file is and what would open it.
 */
function remotePlan(
  path: string,
  host: string,
  editor: ReturnType<typeof windowedEditor>,
): OpenPlan {
  const remote = ['--remote', `ssh-remote+${formatTarget(parseTarget(host))}`];
  if (editor && REMOTE_SSH_EDITORS.has(programName(editor.file))) {
    return { kind: 'launch', file: editor.file, args: [...editor.args, ...remote, '--', path] };
  }
  const yours = editor ? `your editor (${programName(editor.file)}) cannot` : 'no editor is set to';
  throw new Error(
    `${path} is on ${host}, and ${yours} open a file there: with $VISUAL set to code or cursor, Tether would run: code ${remote.join(' ')} ${path}`,
  );
}

function takesEndOfOptions(file: string): boolean {
  return END_OF_OPTIONS_EDITORS.has(programName(file));
}

/** `C:\Tools\Code.exe` and `/usr/bin/code` are both `code`, on any platform. */
function programName(file: string): string {
  return basename(file.replace(/\\/g, '/'))
    .replace(/\.(exe|cmd|bat)$/i, '')
    .toLowerCase();
}

/** Opens an edited file (see `openPlan`); `path` is one `editedFile` vetted. */
export async function openInEditor(path: string, options: EditorOptions): Promise<void> {
  const plan = openPlan(path, options);
  if (plan.kind === 'reveal') return options.revealPath?.(path);
  if (plan.kind === 'openPath') {
    const failure = (await options.openPath?.(path)) ?? 'no opener';
    if (failure) throw new Error(`the system could not open ${path}: ${failure}`);
    return;
  }
  await (options.launch ?? detached)(plan.file, plan.args);
}

const EDIT_TOOLS = new Set(['Write', 'Edit', 'MultiEdit', 'NotebookEdit']);

/**
 * The file that the tool call `toolUseId` of this log changed: an edit tool's call that
 * succeeded, on an absolute path of this machine (of `host`, for a remote block: a POSIX one).
 * Why not, as a sentence, when it is no such call: the page names only the call, and what it
 * names must not become an option or a URL.
 */
export function editedFile(
  events: readonly AgentEvent[],
  toolUseId: string,
  platform: NodeJS.Platform,
  host?: string,
): string {
  const call = toolUseIn(events, toolUseId);
  if (!EDIT_TOOLS.has(call.name)) throw new Error(`a ${call.name} call edits no file`);
  const path = call.input['file_path'] ?? call.input['notebook_path'];
  // A host's paths are POSIX ones, whatever this machine is.
  const windows = !host && platform === 'win32';
  if (typeof path !== 'string' || !isAbsolutePathThere(path, windows)) {
    throw new Error(`the edit names no absolute path of a file on ${host ?? 'this machine'}`);
  }
  const changed = events.some(
    (event) => event.type === 'tool_result' && event.tool_use_id === toolUseId && !event.is_error,
  );
  if (!changed) throw new Error(`the ${call.name} call did not change ${path} in this session`);
  return path;
}

/** `/…` (Windows: `C:\…`): no option (`-…`), no URL (`https:…`), no network share (`\\…`). */
function isAbsolutePathThere(path: string, windows: boolean): boolean {
  return windows ? /^[A-Za-z]:[\\/]/.test(path) : path.startsWith('/');
}
