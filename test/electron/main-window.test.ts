import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { app, standIn, type BrowserWindow } from './stand-in/electron';
import { createMainWindow } from '../../src/main/electron/main-window';
import { WindowStateStore } from '../../src/main/electron/window-state';
import { tempDir, until } from './support';

vi.mock('electron', () => import('./stand-in/electron'));

let dir: Awaited<ReturnType<typeof tempDir>>;
let logged: string[];

async function open(
  source = { kind: 'file', path: '/opt/tether/out/renderer/index.html' } as const,
): Promise<BrowserWindow> {
  const log = (message: string) => logged.push(message);
  const window = await createMainWindow({
    source,
    preload: '/opt/tether/out/preload/index.js',
    windowState: new WindowStateStore(join(dir.path, 'window-state.json'), log),
    log,
    logFile: '/logs/main.log',
  });
  // The stand-in's own window, with its recordings.
  return window as unknown as BrowserWindow;
}

beforeEach(async () => {
  standIn.reset();
  dir = await tempDir('main-window-');
  logged = [];
});

afterEach(async () => {
  standIn.reset();
  await dir.remove();
});

describe('createMainWindow', () => {
  it('opens a hidden, isolated, sandboxed window and shows it once ready', async () => {
    const window = await open();
    expect(window.options).toMatchObject({
      show: false,
      webPreferences: {
        preload: '/opt/tether/out/preload/index.js',
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webviewTag: false,
      },
    });
    expect(window.webContents.getURL()).toBe('file:///opt/tether/out/renderer/index.html');
    expect(window.isVisible()).toBe(true);
  });

  it('stays hidden until ready-to-show', async () => {
    // The stand-in, as Electron, finishes the load before the window is ready to show.
    let visibleAtLoad: boolean | undefined;
    app.once('browser-window-created', (_event, window: BrowserWindow) =>
      window.webContents.once('did-finish-load', () => (visibleAtLoad = window.isVisible())),
    );
    const window = await open();
    expect(visibleAtLoad).toBe(false);
    expect(window.isVisible()).toBe(true);
  });

  it('shows the window, saying what failed and where the log is, when its page cannot load', async () => {
    // A window left hidden would keep the app running, off macOS, with nothing to close.
    standIn.loadFailures.push({ errorCode: -6, errorDescription: 'ERR_FILE_NOT_FOUND' });
    const window = await open();
    expect(window.isVisible()).toBe(true);
    await until(() => window.webContents.getURL().startsWith('data:text/html'), 'the page', 2_000);
    const page = decodeURIComponent(window.webContents.getURL());
    expect(page).toContain(
      'ERR_FILE_NOT_FOUND (-6) loading file:///opt/tether/out/renderer/index.html',
    );
    expect(page).toContain('The details are in the log: <code>/logs/main.log</code>');
    expect(page).not.toContain('<script');
  });

  it('escapes what it shows of the failure', async () => {
    standIn.loadFailures.push({ errorCode: -2, errorDescription: '<img src=x onerror=alert(1)>' });
    const window = await open();
    await until(() => window.webContents.getURL().startsWith('data:text/html'), 'the page', 2_000);
    const page = decodeURIComponent(window.webContents.getURL());
    expect(page).toContain('&#60;img src=x onerror=alert(1)&#62; (-2)');
    expect(page).not.toContain('<img');
  });

  it('says once, and logs, that the page failed to load, without a rejection', async () => {
    standIn.loadFailures.push({ errorCode: -6, errorDescription: 'ERR_FILE_NOT_FOUND' });
    await expect(open()).resolves.toBeDefined();
    expect(standIn.errorBoxes).toEqual([
      {
        title: 'Tether could not load its window',
        content: expect.stringContaining('ERR_FILE_NOT_FOUND (-6)'),
      },
    ]);
    expect(standIn.errorBoxes[0]!.content).toContain('/logs/main.log');
    expect(logged.filter((line) => line.includes('could not load its page'))).toHaveLength(2);
  });

  it('reloads the page when its renderer dies, and gives up on a crash loop', async () => {
    const window = await open();
    window.webContents.crash('crashed');
    expect(window.webContents.reloads).toHaveLength(1);
    await until(
      () => standIn.errorBoxes.length === 0 && window.webContents.getURL() !== '',
      'the reload',
    );
    window.webContents.crash('oom');
    expect(window.webContents.reloads).toHaveLength(1);
    expect(standIn.errorBoxes[0]?.content).toContain('stopped again right after a restart (oom)');
    // Not a dead, blank window: it says what happened.
    await until(() => window.webContents.getURL().startsWith('data:text/html'), 'the page', 2_000);
    expect(decodeURIComponent(window.webContents.getURL())).toContain('stopped again');
    expect(logged.filter((line) => line.includes('renderer is gone'))).toHaveLength(2);
  });

  it('does not reload a renderer that ended normally', async () => {
    const window = await open();
    window.webContents.crash('clean-exit', 0);
    expect(window.webContents.reloads).toHaveLength(0);
  });

  it('ignores an aborted load (a navigation the guards cancelled)', async () => {
    const window = await open();
    window.webContents.emit('did-fail-load', {}, -3, 'ERR_ABORTED', 'file:///x', true);
    window.webContents.emit('did-fail-load', {}, -6, 'ERR_FILE_NOT_FOUND', 'file:///y', false);
    expect(standIn.errorBoxes).toEqual([]);
  });
});
