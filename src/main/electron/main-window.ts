import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BrowserWindow } from 'electron';
import type { WindowStateStore } from './window-state';

const rendererFile = join(__dirname, '../renderer/index.html');
const devServerUrl = process.env['ELECTRON_RENDERER_URL'];

/** Whether a frame shows Tether's own renderer (and may therefore talk to the host). */
export function isRendererUrl(url: string): boolean {
  if (devServerUrl) return url.startsWith(devServerUrl);
  return url.split(/[?#]/)[0] === pathToFileURL(rendererFile).href;
}

export async function createMainWindow(windowState: WindowStateStore): Promise<BrowserWindow> {
  const saved = await windowState.restore();
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
      preload: join(__dirname, '../preload/index.js'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
      spellcheck: false,
    },
  });
  if (saved?.maximized) window.maximize();
  windowState.track(window);
  window.once('ready-to-show', () => window.show());
  if (devServerUrl) await window.loadURL(devServerUrl);
  else await window.loadFile(rendererFile);
  return window;
}
