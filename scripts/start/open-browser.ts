import type { SpawnOptions, spawn as nodeSpawn } from 'node:child_process';
import { hasDisplay } from './launch-check';

export interface OpenCommand {
  command: string;
  args: string[];
  /** cmd.exe parses its own command line: Node's quoting would hide `start ""` from it. */
  verbatim: boolean;
}

/** The desktop's own way to open a URL in the default browser. */
export function browserOpenCommand(platform: NodeJS.Platform, url: string): OpenCommand {
  if (platform === 'darwin') return { command: 'open', args: [url], verbatim: false };
  if (platform === 'win32') {
    // The empty title keeps `start` from taking the URL as the window title; `^` escapes the one
    // character of a URL that cmd.exe would treat as a command separator.
    return {
      command: 'cmd',
      args: ['/c', 'start', '""', url.replace(/&/g, '^&')],
      verbatim: true,
    };
  }
  return { command: 'xdg-open', args: [url], verbatim: false };
}

/** A browser opens only where a window can show; BROWSER=none (as in other dev servers) opts out. */
export function shouldOpenBrowser(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): boolean {
  return env['BROWSER'] !== 'none' && hasDisplay(platform, env);
}

export interface OpenBrowserDeps {
  platform: NodeJS.Platform;
  spawn: typeof nodeSpawn;
  /** Receives the one line that says the browser did not open. */
  warn: (line: string) => void;
}

/**
 * Opens the URL in the system browser without waiting for it: the opener is detached so it
 * outlives nothing of ours, and a failure is one line, since the URL is already on screen.
 */
export function openBrowser(url: string, deps: OpenBrowserDeps): void {
  const { command, args, verbatim } = browserOpenCommand(deps.platform, url);
  const options: SpawnOptions = {
    detached: true,
    stdio: 'ignore',
    windowsVerbatimArguments: verbatim,
  };
  let warned = false;
  const warn = (why: string) => {
    if (warned) return;
    warned = true;
    deps.warn(`tether: could not open a browser (${why}); open the URL above yourself.`);
  };
  const child = deps.spawn(command, args, options);
  child.on('error', (error: NodeJS.ErrnoException) =>
    warn(`${command}: ${error.code ?? error.message}`),
  );
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) warn(`${command} exited with status ${code}`);
  });
  child.unref();
}
