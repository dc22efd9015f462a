import net from 'node:net';
import { dirname, join } from 'node:path';
import { app, BrowserWindow, dialog, nativeTheme, shell } from 'electron';
import type { CommandId } from '../shared/commands';
import { workspaceStateSchema } from '../shared/workspace-state';
import { Host } from './host/host';
import { JsonFile } from './host/json-file';
import { SettingsFile } from './host/settings';
import { startDirectory } from './host/start-directory';
import { resolveUserEnvironment } from './platform/user-environment';
import { defaultShell } from './pty/shell';
import { installAppMenu } from './electron/app-menu';
import { devToolsAllowed } from './electron/dev-tools';
import { hardenWebContents } from './electron/hardening';
import { IpcAdapter } from './electron/ipc-adapter';
import {
  requestedDirectory,
  secondLaunchDirectory,
  type LaunchData,
} from './electron/launch-directory';
import { killLeftovers } from './electron/leftover-processes';
import { startMainLog } from './electron/main-log';
import { createMainWindow } from './electron/main-window';
import { holdQuitForTeardown } from './electron/quit-sequence';
import { isRendererUrl, rendererSource } from './electron/renderer-url';
import { WindowStateStore } from './electron/window-state';
import { errorMessage } from '../shared/error-message';
import { ASKPASS_SOCKET_VARIABLE, askpassClient } from './remote/askpass-client';

// The app id the installer registers (electron-builder's appId): Windows shows notifications only
// for an app whose id matches its Start menu entry.
const APP_ID = 'dev.tether.app';
// How long a quit waits for shells and agents to end before killing what is left.
const QUIT_DEADLINE_MS = 4_000;

function start(): void {
  const { log, file: logFile } = startMainLog();
  const userData = app.getPath('userData');
  const userShell = defaultShell();
  const settings = new SettingsFile(join(userData, 'settings.json'), { log });
  settings.watch();
  // The window's own parts (title bar, menus, scroll bars) in the theme the settings choose.
  const followTheme = () => {
    nativeTheme.themeSource = settings.current.settings.theme ?? 'system';
  };
  followTheme();
  settings.onChange(followTheme);
  const host = new Host({
    workspaceDir:
      requestedDirectory(process.argv, process.cwd()) ??
      startDirectory(process.env, process.cwd(), { installDir: dirname(process.execPath) }),
    shell: userShell,
    // Resolved while the window loads; the first terminal or agent waits for it.
    environment: resolveUserEnvironment({
      platform: process.platform,
      env: process.env,
      shell: userShell.file,
      log,
    }),
    settings,
    openPath: (path) => shell.openPath(path),
    workspace: new JsonFile(join(userData, 'workspace.json'), workspaceStateSchema, log),
    agentLogDir: join(userData, 'agents'),
    libraryIndexDir: join(userData, 'library'),
    revealPath: (path) => shell.showItemInFolder(path),
    chooseSavePath: async (suggestedName) => {
      const options = { defaultPath: join(app.getPath('downloads'), suggestedName) };
      const window = BrowserWindow.getFocusedWindow();
      const { canceled, filePath } = await (window
        ? dialog.showSaveDialog(window, options)
        : dialog.showSaveDialog(options));
      return canceled || !filePath ? null : filePath;
    },
    openExternal: (url) => shell.openExternal(url),
    log,
  });
  const windowState = new WindowStateStore(join(userData, 'window-state.json'), log);
  const source = rendererSource({
    isPackaged: app.isPackaged,
    devServerUrl: process.env['ELECTRON_RENDERER_URL'],
    rendererFile: join(__dirname, '../renderer/index.html'),
  });
  const ipc = new IpcAdapter(host, (url) => isRendererUrl(url, source, process.platform), log);
  hardenWebContents(log);

  const openWindow = () =>
    void createMainWindow({
      source,
      preload: join(__dirname, '../preload/index.js'),
      windowState,
      log,
      logFile,
    }).catch((error: unknown) => log(`tether: could not open the window: ${errorMessage(error)}`));
  // With no window (macOS keeps running without one) a command opens one; the adapter holds the
  // command until the new page connects.
  const showWindow = () => {
    const [window] = BrowserWindow.getAllWindows();
    if (!window) return openWindow();
    if (window.isMinimized()) window.restore();
    window.focus();
  };
  const run = (command: CommandId) => {
    showWindow();
    ipc.broadcast({ name: 'runCommand', payload: { command } });
  };
  installAppMenu({
    platform: process.platform,
    devTools: devToolsAllowed(app.isPackaged, settings.current.settings.devTools),
    run,
  });
  openWindow();

  // `code DIR` for Tether: a second launch with --cwd opens a terminal there in this window.
  app.on('second-instance', (_event, argv, workingDirectory, additionalData) => {
    showWindow();
    const cwd = secondLaunchDirectory(argv, workingDirectory, additionalData);
    if (cwd) ipc.broadcast({ name: 'openTerminalIn', payload: { cwd } });
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow();
  });
  // macOS apps stay open without windows; elsewhere closing the last window quits.
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  holdQuitForTeardown({
    dispose: () => host.dispose(),
    killLeftovers: () => killLeftovers(app.getAppMetrics().map(({ pid }) => pid)),
    deadlineMs: QUIT_DEADLINE_MS,
    log,
  });
}

if (process.env[ASKPASS_SOCKET_VARIABLE]) {
  // Started by ssh as its askpass program (see remote/askpass.ts): ask Tether, not start it. ssh's
  // prompt is the last argument (after the app's folder, unpackaged).
  app.dock?.hide();
  askpassClient(net, process, process.argv.at(-1) ?? '');
} else {
  if (process.platform === 'win32') app.setAppUserModelId(APP_ID);
  const launch: LaunchData = { cwd: requestedDirectory(process.argv, process.cwd()) };
  if (app.requestSingleInstanceLock(launch)) {
    void app.whenReady().then(start);
  } else {
    app.quit();
  }
}
