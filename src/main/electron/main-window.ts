import { BrowserWindow, dialog } from 'electron';
import { watchAttentionBadge } from './attention-badge';
import type { RendererSource } from './renderer-url';
import type { WindowStateStore } from './window-state';
import { errorMessage } from '../../shared/error-message';
import { escapeHtml } from '../../shared/escape-html';

export interface MainWindowOptions {
  source: RendererSource;
  /** The built preload script. */
  preload: string;
  windowState: WindowStateStore;
  log: (message: string) => void;
  /** Where the log is written, named in the message a failed load shows. */
  logFile: string;
  /** Which badge shows the count of blocks that need the user (default: this machine's). */
  platform?: NodeJS.Platform;
}

// Chromium's "aborted": a navigation that was cancelled or replaced, not a failure to show.
const ERR_ABORTED = -3;
// A renderer that dies again this soon after being reloaded is reloaded no more.
const CRASH_LOOP_MS = 10_000;

export async function createMainWindow(options: MainWindowOptions): Promise<BrowserWindow> {
  const saved = await options.windowState.restore();
  const window = new BrowserWindow({
    width: saved?.width ?? 1200,
    height: saved?.height ?? 800,
    ...(saved ? { x: saved.x, y: saved.y } : {}),
    minWidth: 480,
    minHeight: 320,
    title: 'Tether',
    backgroundColor: '#0f1115',
    show: false,
    webPreferences: {
      preload: options.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
      spellcheck: false,
    },
  });
  if (saved?.maximized) window.maximize();
  options.windowState.track(window);
  window.once('ready-to-show', () => window.show());
  const failed = reportLoadFailure(window, options);
  watchPage(window, options.log, failed);
  watchAttentionBadge(window, options.platform ?? process.platform);
  const { source } = options;
  const loading = source.kind === 'url' ? window.loadURL(source.url) : window.loadFile(source.path);
  await loading.catch((error: unknown) => failed(errorMessage(error)));
  return window;
}

/**
 * One message a window: `did-fail-load` and the rejected load report the same failure. The
 * window would otherwise stay hidden (it shows on ready-to-show), and off macOS an app with no
 * window in sight runs on with nothing to close: after the error box the window shows what
 * failed instead. Closing it quits; on macOS the Dock icon then opens a window that tries again.
 */
function reportLoadFailure(
  window: BrowserWindow,
  { log, logFile }: MainWindowOptions,
): (reason: string) => void {
  let shown = false;
  return (reason) => {
    log(`tether: the window could not load its page: ${reason}`);
    if (shown) return;
    shown = true;
    dialog.showErrorBox(
      'Tether could not load its window',
      `${reason}\n\nThe details are in the log: ${logFile}`,
    );
    if (window.isDestroyed()) return;
    window
      .loadURL(failurePage(reason, logFile))
      .catch((error: unknown) =>
        log(`tether: the failure page did not load: ${errorMessage(error)}`),
      );
    window.show();
  };
}

/** A page with no script, no request and no way to the host, saying what failed. */
function failurePage(reason: string, logFile: string): string {
  const html = `<!doctype html>
<html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Tether</title>
<style>
body { background: #0f1115; color: #d8dee9; font: 14px/1.5 system-ui, sans-serif; margin: 40px; }
code { user-select: all; word-break: break-all; }
</style></head>
<body>
<h1>Tether could not load its window</h1>
<p>${escapeHtml(reason)}</p>
<p>The details are in the log: <code>${escapeHtml(logFile)}</code></p>
<p>Close this window and open Tether again to retry.</p>
</body></html>`;
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`;
}

/**
 * A dead renderer is reloaded, which brings the workspace back from its saved state, and the
 * reloaded page takes over the shells and agents of the one that died (within the grace period);
 * one that keeps dying is left with a message.
 */
function watchPage(
  window: BrowserWindow,
  log: (message: string) => void,
  failed: (reason: string) => void,
): void {
  const contents = window.webContents;
  let lastReload = -Infinity;
  contents.on('render-process-gone', (_event, { reason, exitCode }) => {
    log(`tether: the window's renderer is gone (${reason}, exit code ${exitCode})`);
    if (reason === 'clean-exit' || window.isDestroyed()) return;
    if (Date.now() - lastReload < CRASH_LOOP_MS) {
      failed(`its renderer stopped again right after a restart (${reason})`);
      return;
    }
    lastReload = Date.now();
    contents.reload();
  });
  contents.on('did-fail-load', (_event, errorCode, errorDescription, url, isMainFrame) => {
    if (!isMainFrame || errorCode === ERR_ABORTED) return;
    failed(`${errorDescription} (${errorCode}) loading ${url}`);
  });
}
