import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as electron from './stand-in/electron';
import { buildIfStale, mainBundle, root, useStandInElectron } from './built-app';
import { eventsOf, isAlive, outputOf, request, tempDir, until } from './support';

// The built app (out/main/index.js, as electron-vite bundles it) run in Node with the stand-in in
// place of the `electron` module: what `npm start` would run, short of the Electron binary.

const { app, standIn, WebFrameMain } = electron;
const rendererPage = join(root, 'out/renderer/index.html');

let dir: Awaited<ReturnType<typeof tempDir>>;
let workspace: string;
let logs: string;
const savedArgv = process.argv;
const savedEnv = { ...process.env };
const requireFromBundle = createRequire(mainBundle);
const realPlatform = Object.getOwnPropertyDescriptor(process, 'platform')!;

/** The bundle reads process.platform where Electron would report the OS it runs on. */
function pretendPlatform(platform: NodeJS.Platform): void {
  Object.defineProperty(process, 'platform', { ...realPlatform, value: platform });
}

function restorePlatform(): void {
  Object.defineProperty(process, 'platform', realPlatform);
}

/** Runs the bundle's top level afresh, as Electron does at each launch. */
function launch(): void {
  delete requireFromBundle.cache[mainBundle];
  requireFromBundle(mainBundle);
}

/** Launches the app and waits for its window; Electron has been ready since the first launch. */
async function launchToWindow(): Promise<void> {
  launch();
  if (!app.isReady()) app.markReady();
  await until(() => standIn.windows[0]?.isVisible() === true, 'the window to show');
}

/** Quits the running app, if any, as a user would, then clears what the stand-in recorded. */
async function quitRunningApp(): Promise<void> {
  if (standIn.exitCode === null && app.listenerCount('before-quit') > 0) {
    app.quit();
    await until(() => standIn.exitCode !== null, 'the quit', 8_000);
  }
  standIn.reset();
}

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

  useStandInElectron(requireFromBundle);
}, 180_000);

afterAll(async () => {
  await quitRunningApp();
  restorePlatform();
  process.argv = savedArgv;
  process.env = savedEnv;
  await dir?.remove();
});

describe('the built app with a stand-in electron', () => {
  beforeAll(launchToWindow);

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
    // Output the shell prints after the drop (the typed line echoes `la''te`, not `late`).
    await request(contents, 'writeTerminal', { terminalId: 't1', data: "sleep 1; echo la''te\r" });
    expect(contents.navigate('https://example.com/')).toBe('cancelled');
    expect(contents.dropFile(join(workspace, 'notes.txt'))).toBe('cancelled');
    // No request first: it would connect the page again and take back shells a detach had left.
    await until(
      () => outputOf(contents, 't1').includes('late\r\n'),
      'the output after the drop',
      5_000,
    );
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

  it('offers DevTools in a development run', () => {
    expect(standIn.menuItem('toggleDevTools')).toBeDefined();
  });

  it('leaves no IPC channel open but its own', () => {
    expect([...standIn.handlers.keys()]).toEqual(['tether:request']);
    // Notifications (a terminal's acknowledgements) are sent, not invoked: heard, never answered.
    expect([...standIn.listeners.keys()]).toEqual(['tether:notify']);
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

describe('the installed built app', () => {
  const settingsFile = () => join(dir.path, 'userData/settings.json');

  /** Launches the app as the installer puts it, with this settings file (none if undefined). */
  async function launchInstalled(settings?: Record<string, unknown>): Promise<void> {
    await quitRunningApp();
    if (settings) writeFileSync(settingsFile(), JSON.stringify(settings));
    else rmSync(settingsFile(), { force: true });
    app.isPackaged = true;
    await launchToWindow();
  }

  afterAll(() => rmSync(settingsFile(), { force: true }));

  it('offers DevTools only when its settings file turns them on', async () => {
    await launchInstalled();
    expect(standIn.menuItem('View')).toBeDefined();
    expect(standIn.menuItem('toggleDevTools')).toBeUndefined();
    await launchInstalled({ devTools: false });
    expect(standIn.menuItem('toggleDevTools')).toBeUndefined();
    await launchInstalled({ devTools: true });
    expect(standIn.menuItem('toggleDevTools')).toBeDefined();
  });
});

describe('the built app on macOS', () => {
  beforeAll(async () => {
    await quitRunningApp();
    pretendPlatform('darwin');
    await launchToWindow();
  });
  afterAll(restorePlatform);

  it('stays open without a window, and a menu command opens one that runs it', async () => {
    standIn.windows[0]!.close();
    expect(standIn.windows).toHaveLength(0);
    // A Mac app keeps running with its windows closed.
    expect(standIn.quitCalls).toBe(0);
    expect(standIn.exitCode).toBeNull();

    standIn.menuItem('New terminal')!.click!();
    await until(() => standIn.windows[0]?.isVisible() === true, 'a window for the command');
    expect(standIn.windows).toHaveLength(1);
    const contents = standIn.windows[0]!.webContents;
    // The command waits for the new page, which connects with its first request.
    const runCommand = { name: 'runCommand', payload: { command: 'terminal.new' } };
    expect(eventsOf(contents)).not.toContainEqual(runCommand);
    expect(await request(contents, 'getAppInfo', {})).toMatchObject({ ok: true });
    expect(eventsOf(contents)).toContainEqual(runCommand);
  });

  it('leaves the app user model id alone (Electron has it on Windows only)', () => {
    expect(standIn.appUserModelId).toBeNull();
  });
});

describe('the built app on Windows', () => {
  it("takes the installer's app id, which Windows needs to show its notifications", async () => {
    await quitRunningApp();
    // A second launch: it runs only the top level, where the id is set, and quits. A first one
    // would start Windows shells, which this machine does not have.
    standIn.singleInstanceLock = false;
    pretendPlatform('win32');
    try {
      launch();
    } finally {
      restorePlatform();
    }
    const { appId } = load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as {
      appId: string;
    };
    expect(appId).toBe('dev.tether.app');
    expect(standIn.appUserModelId).toBe(appId);
    expect(standIn.exitCode).toBe(0);
  });
});
