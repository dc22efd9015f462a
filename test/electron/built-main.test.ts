import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as electron from './stand-in/electron';
import { eventsOf, isAlive, outputOf, request, tempDir, until } from './support';

// The built app (out/main/index.js, as electron-vite bundles it) run in Node with the stand-in in
// place of the `electron` module: what `npm start` would run, short of the Electron binary.

const { app, standIn, WebFrameMain } = electron;
const root = resolve(__dirname, '../..');
const mainBundle = join(root, 'out/main/index.js');
const rendererPage = join(root, 'out/renderer/index.html');

/** The newest modification time under `path`. */
function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** Builds the app unless out/ is newer than every source and the build config. */
function buildIfStale(): void {
  const sources = Math.max(
    newest(join(root, 'src')),
    newest(join(root, 'electron.vite.config.ts')),
  );
  if (existsSync(mainBundle) && newest(join(root, 'out')) >= sources) return;
  execFileSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'pipe', timeout: 170_000 });
}

let dir: Awaited<ReturnType<typeof tempDir>>;
let workspace: string;
let logs: string;
const savedArgv = process.argv;
const savedEnv = { ...process.env };

beforeAll(async () => {
  buildIfStale();
  dir = await tempDir('built-main-');
  workspace = join(dir.path, 'workspace');
  logs = join(dir.path, 'logs');
  const home = join(dir.path, 'home');
  for (const path of [workspace, logs, home]) mkdirSync(path, { recursive: true });
  Object.assign(process.env, {
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    SHELL: '/bin/sh',
    PS1: '$ ',
  });
  delete process.env['ELECTRON_RENDERER_URL'];
  delete process.env['INIT_CWD'];
  process.argv = [process.execPath, mainBundle, '--cwd', workspace];
  standIn.reset();
  Object.assign(standIn.paths, {
    userData: join(dir.path, 'userData'),
    appData: join(home, '.config'),
    logs,
    home,
    temp: dir.path,
  });

  // Every require('electron') of the bundle and of its dependencies (electron-log) gets the stand-in.
  const requireFromBundle = createRequire(mainBundle);
  const electronId = requireFromBundle.resolve('electron');
  const standInModule = new Module(electronId);
  // The main process's electron has no renderer modules (electron-log looks for ipcRenderer).
  const { contextBridge: _bridge, ipcRenderer: _ipc, webUtils: _utils, ...mainProcess } = electron;
  standInModule.exports = mainProcess;
  standInModule.loaded = true;
  requireFromBundle.cache[electronId] = standInModule;
  requireFromBundle(mainBundle);
  app.markReady();
  await until(() => standIn.windows[0]?.isVisible() === true, 'the window to show');
}, 180_000);

afterAll(async () => {
  process.argv = savedArgv;
  process.env = savedEnv;
  await dir?.remove();
});

describe('the built app with a stand-in electron', () => {
  it('opens one window with secure webPreferences showing the built page', () => {
    const [window] = standIn.windows;
    expect(standIn.windows).toHaveLength(1);
    expect(window!.options['webPreferences']).toMatchObject({
      preload: join(root, 'out/preload/index.js'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
    });
    expect(existsSync(join(root, 'out/preload/index.js'))).toBe(true);
    expect(window!.webContents.getURL()).toBe(pathToFileURL(rendererPage).href);
  });

  it('serves a page whose CSP allows only its own scripts', () => {
    const html = readFileSync(rendererPage, 'utf8');
    const csp = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
  });

  it('asks for the single-instance lock with its --cwd', () => {
    expect(standIn.lockData).toEqual({ cwd: workspace });
  });

  it('answers its page, blocks navigation, and keeps every shell through a file drop', async () => {
    const contents = standIn.windows[0]!.webContents;
    const info = await request(contents, 'getAppInfo', {});
    expect(info).toMatchObject({ ok: true, result: { workspaceDir: workspace } });
    expect(
      await request(contents, 'openTerminal', { terminalId: 't1', cols: 80, rows: 24 }),
    ).toMatchObject({ ok: true });
    expect(contents.navigate('https://example.com/')).toBe('cancelled');
    expect(contents.dropFile(join(workspace, 'notes.txt'))).toBe('cancelled');
    await request(contents, 'writeTerminal', { terminalId: 't1', data: 'echo after-drop\r' });
    await until(() => outputOf(contents, 't1').includes('after-drop\r\n'), 'the shell to answer');
  });

  it('refuses a request from a subframe or a foreign page', async () => {
    const contents = standIn.windows[0]!.webContents;
    const subframe = new WebFrameMain(contents.getURL(), contents.mainFrame);
    const foreign = new WebFrameMain('https://example.com/', null);
    for (const frame of [subframe, foreign]) {
      expect(await request(contents, 'getAppInfo', {}, frame)).toMatchObject({ ok: false });
    }
  });

  it('opens a terminal in the directory a second launch names', () => {
    const contents = standIn.windows[0]!.webContents;
    standIn.secondInstance(['tether', '--cwd', 'elsewhere'], '/somewhere', { cwd: dir.path });
    expect(eventsOf(contents)).toContainEqual({
      name: 'openTerminalIn',
      payload: { cwd: dir.path },
    });
    expect(standIn.windows).toHaveLength(1);
  });

  it('registers no menu key a shell needs', () => {
    const registered = standIn.registeredAccelerators('linux');
    expect(registered).toEqual(
      expect.arrayContaining(['Ctrl+Shift+0', 'Ctrl+Shift+=', 'Ctrl+Shift+-', 'Ctrl+Shift+Q']),
    );
    for (const accelerator of registered) {
      expect(accelerator === 'F11' || accelerator.includes('Shift'), accelerator).toBe(true);
    }
  });

  it('leaves no IPC channel open but its own', () => {
    expect([...standIn.handlers.keys()]).toEqual(['tether:request']);
    expect([...standIn.listeners.keys()]).toEqual([]);
  });

  it('writes its log to the logs folder', () => {
    const log = readFileSync(join(logs, 'main.log'), 'utf8');
    expect(log).toContain('blocked a navigation to https://example.com/');
  });

  it('quits only after the shells have ended', async () => {
    const contents = standIn.windows[0]!.webContents;
    await request(contents, 'writeTerminal', { terminalId: 't1', data: 'echo pid=$$\r' });
    await until(() => /pid=\d+/.test(outputOf(contents, 't1')), 'the shell pid');
    const pid = Number(/pid=(\d+)/.exec(outputOf(contents, 't1'))![1]);
    app.quit();
    expect(standIn.exitCode).toBeNull();
    await until(() => standIn.exitCode === 0, 'the quit', 8_000);
    expect(isAlive(pid)).toBe(false);
    expect(standIn.windows).toHaveLength(0);
    // The closing window saved its place for the next start.
    await until(() => existsSync(join(dir.path, 'userData/window-state.json')), 'the window state');
  });
});
