import { join } from 'node:path';
import { app, ipcMain } from 'electron';
import log from 'electron-log/main';

export interface MainLog {
  log(message: string): void;
  file: string;
}

/**
 * The main process's log: a file in the platform's logs folder (~/Library/Logs/Tether on macOS,
 * %APPDATA%\Tether\logs on Windows, ~/.config/Tether/logs on Linux), also echoed to the console.
 * Uncaught errors and unhandled rejections go there too, without electron-log's stack dialog.
 */
export function startMainLog(): MainLog {
  // Imported, electron-log listens for its renderer half on this channel without asking who
  // sends. Tether's pages never log through it, so no page may write to the log this way.
  ipcMain.removeHandler('__ELECTRON_LOG__');
  ipcMain.removeAllListeners('__ELECTRON_LOG__');
  const file = join(app.getPath('logs'), 'main.log');
  log.transports.file.resolvePathFn = () => file;
  log.errorHandler.startCatching({ showDialog: false });
  return { log: (message) => log.warn(message), file };
}
