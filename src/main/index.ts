import { join, resolve } from 'node:path';
import { app, BrowserWindow, shell } from 'electron';
import { workspaceStateSchema } from '../shared/workspace-state';
import { Host } from './host/host';
import { JsonFile } from './host/json-file';
import { startDirectory } from './host/start-directory';
import { defaultShell } from './pty/shell';
import { installAppMenu } from './electron/app-menu';
import { hardenWebContents } from './electron/hardening';
import { IpcAdapter } from './electron/ipc-adapter';
import { createMainWindow, isRendererUrl } from './electron/main-window';
import { WindowStateStore } from './electron/window-state';

/** `--cwd DIR`, else where Tether was started. */
function workspaceDirectory(argv: string[]): string {
  const index = argv.indexOf('--cwd');
  const given = index >= 0 ? argv[index + 1] : undefined;
  return given ? resolve(given) : startDirectory();
}

function start(): void {
  const userData = app.getPath('userData');
  const host = new Host({
    workspaceDir: workspaceDirectory(process.argv),
    shell: defaultShell(),
    workspace: new JsonFile(join(userData, 'workspace.json'), workspaceStateSchema),
    agentLogDir: join(userData, 'agents'),
    openExternal: (url) => shell.openExternal(url),
  });
  const windowState = new WindowStateStore(join(userData, 'window-state.json'));
  const ipc = new IpcAdapter(host, isRendererUrl);
  hardenWebContents();
  installAppMenu((command) => ipc.broadcast({ name: 'runCommand', payload: { command } }));

  const openWindow = () => void createMainWindow(windowState);
  openWindow();

  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows();
    if (!window) return openWindow();
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow();
  });
  // macOS apps stay open without windows; elsewhere closing the last window quits.
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  // Quit only once every shell and its children have ended.
  let ended = false;
  app.on('before-quit', (event) => {
    if (ended) return;
    event.preventDefault();
    void host.dispose().finally(() => {
      ended = true;
      app.quit();
    });
  });
}

if (app.requestSingleInstanceLock()) {
  void app.whenReady().then(start);
} else {
  app.quit();
}
