import { EventEmitter } from 'node:events';
import { pathToFileURL } from 'node:url';

// A recording stand-in for the `electron` module, for machines where the Electron binary cannot
// run. It implements only what Tether's Electron files use, records what they ask for (window
// options, menus, handlers, dialogs) and fires events in the order Electron 45 documents:
//
// - a document navigation: did-start-navigation, will-frame-navigate, will-navigate (main frame
//   only), did-frame-navigate, did-navigate; nothing after a cancellable event that was
//   prevented (webContents docs, "Navigation Events");
// - a reload or a load by the app: no will-navigate (it is only for navigations the page starts);
// - quit: before-quit, then every window's close and closed, will-quit, quit; window-all-closed
//   is not emitted while quitting; closing the last window otherwise emits window-all-closed, or
//   quits when nobody listens for it (app docs).
// Unlike Electron it runs everything in this process: ipcRenderer.invoke reaches ipcMain's
// handler with the first window as its sender.

/** The event object Electron passes first; navigation events carry their details on it. */
export interface StandInEvent {
  defaultPrevented: boolean;
  preventDefault(): void;
  [detail: string]: unknown;
}

function makeEvent(details: Record<string, unknown> = {}): StandInEvent {
  return {
    ...details,
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
}

function fire(target: EventEmitter, name: string, event: StandInEvent, ...rest: unknown[]) {
  target.emit(name, event, ...rest);
  return event;
}

export class WebFrameMain {
  constructor(
    public url: string,
    public readonly parent: WebFrameMain | null,
    public readonly processId = 1,
    public readonly routingId = 1,
  ) {}
}

let nextContentsId = 1;
let nextWindowId = 1;

export interface LoadFailure {
  errorCode: number;
  errorDescription: string;
}

export class WebContents extends EventEmitter {
  readonly id = nextContentsId++;
  readonly mainFrame = new WebFrameMain('', null);
  /** What `send` delivered to the page, in order. */
  readonly sent: { channel: string; args: unknown[] }[] = [];
  readonly reloads: number[] = [];
  private destroyed = false;
  private openHandler: ((details: { url: string }) => { action: string }) | null = null;

  constructor(readonly owner: BrowserWindow | null) {
    super();
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  getURL(): string {
    return this.mainFrame.url;
  }

  send(channel: string, ...args: unknown[]): void {
    if (this.destroyed) throw new Error('Object has been destroyed');
    this.sent.push({ channel, args });
  }

  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.openHandler = handler;
  }

  loadFile(path: string): Promise<void> {
    return this.load(pathToFileURL(path).href);
  }

  loadURL(url: string): Promise<void> {
    return this.load(url);
  }

  reload(): void {
    this.reloads.push(Date.now());
    // Electron's reload returns nothing: a failure shows only as did-fail-load.
    this.load(this.mainFrame.url).catch(() => undefined);
  }

  // --- driving the stand-in -----------------------------------------------------------------

  /**
   * A navigation the page starts (a link, `location = ...`, a file dropped onto the window).
   * Returns whether it committed.
   */
  navigate(url: string): 'committed' | 'cancelled' {
    const details = {
      url,
      isSameDocument: false,
      isMainFrame: true,
      frame: this.mainFrame,
      initiator: this.mainFrame,
    };
    fire(this, 'did-start-navigation', makeEvent(details), url, false, true, 1, 1);
    if (fire(this, 'will-frame-navigate', makeEvent(details)).defaultPrevented) return 'cancelled';
    if (fire(this, 'will-navigate', makeEvent(details), url, false, true, 1, 1).defaultPrevented)
      return 'cancelled';
    this.commit(url);
    return 'committed';
  }

  /** What Chromium does when a file is dropped onto a page that does not handle the drop. */
  dropFile(path: string): 'committed' | 'cancelled' {
    return this.navigate(pathToFileURL(path).href);
  }

  /** A same-document navigation (a fragment or history.pushState): never cancellable. */
  navigateInPage(url: string): void {
    const details = { url, isSameDocument: true, isMainFrame: true, frame: this.mainFrame };
    fire(this, 'did-start-navigation', makeEvent(details), url, true, true, 1, 1);
    this.mainFrame.url = url;
    fire(this, 'did-navigate-in-page', makeEvent(), url, true, 1, 1);
  }

  /** `window.open` or a target=_blank link in the page. */
  openWindow(url: string): { action: string } | null {
    return this.openHandler?.({ url }) ?? null;
  }

  /** The renderer process dies. */
  crash(reason = 'crashed', exitCode = 11): void {
    const details = { reason, exitCode };
    fire(this, 'render-process-gone', makeEvent(), details);
    fire(app, 'render-process-gone', makeEvent(), this, details);
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.emit('destroyed');
  }

  private async load(url: string): Promise<void> {
    // Electron loads asynchronously: the caller has returned before the first event.
    await new Promise((resolve) => setImmediate(resolve));
    if (this.destroyed) throw new Error('Object has been destroyed');
    const failure = standIn.loadFailures.shift();
    const details = { url, isSameDocument: false, isMainFrame: true, frame: this.mainFrame };
    fire(this, 'did-start-navigation', makeEvent(details), url, false, true, 1, 1);
    if (failure) {
      const { errorCode, errorDescription } = failure;
      fire(this, 'did-fail-load', makeEvent(), errorCode, errorDescription, url, true, 1, 1);
      throw Object.assign(new Error(`${errorDescription} (${errorCode}) loading '${url}'`), {
        code: errorDescription,
        errno: errorCode,
        url,
      });
    }
    this.commit(url);
    fire(this, 'dom-ready', makeEvent());
    fire(this, 'did-finish-load', makeEvent());
    if (this.owner && !this.owner.shownOnce) this.owner.emit('ready-to-show');
  }

  private commit(url: string): void {
    this.mainFrame.url = url;
    fire(this, 'did-frame-navigate', makeEvent(), url, -1, '', true, 1, 1);
    fire(this, 'did-navigate', makeEvent(), url, -1, '');
  }
}

export class BrowserWindow extends EventEmitter {
  static getAllWindows(): BrowserWindow[] {
    return [...standIn.windows];
  }

  static getFocusedWindow(): BrowserWindow | null {
    return standIn.windows.find((window) => window.focused) ?? null;
  }

  static fromWebContents(contents: WebContents): BrowserWindow | null {
    return standIn.windows.find((window) => window.webContents === contents) ?? null;
  }

  readonly id = nextWindowId++;
  readonly webContents: WebContents;
  shownOnce = false;
  visible = false;
  focused = false;
  minimized = false;
  maximized = false;
  private destroyed = false;

  constructor(readonly options: Record<string, unknown> = {}) {
    super();
    this.webContents = new WebContents(this);
    standIn.windows.push(this);
    app.emit('web-contents-created', makeEvent(), this.webContents);
    app.emit('browser-window-created', makeEvent(), this);
  }

  loadFile(path: string): Promise<void> {
    return this.webContents.loadFile(path);
  }

  loadURL(url: string): Promise<void> {
    return this.webContents.loadURL(url);
  }

  show(): void {
    this.shownOnce = true;
    this.visible = true;
    this.focused = true;
  }

  isVisible(): boolean {
    return this.visible;
  }

  focus(): void {
    this.focused = true;
  }

  isMinimized(): boolean {
    return this.minimized;
  }

  minimize(): void {
    this.minimized = true;
  }

  restore(): void {
    this.minimized = false;
  }

  maximize(): void {
    this.maximized = true;
  }

  /** What the taskbar button shows over the icon (Windows), as `setOverlayIcon` last set it. */
  overlay: { image: StandInImage | null; description: string } | null = null;

  setOverlayIcon(image: StandInImage | null, description: string): void {
    this.overlay = { image, description };
  }

  isMaximized(): boolean {
    return this.maximized;
  }

  getNormalBounds() {
    return {
      x: 10,
      y: 20,
      width: Number(this.options['width']),
      height: Number(this.options['height']),
    };
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  reload(): void {
    this.webContents.reload();
  }

  /** Like the user closing the window: `close` may be prevented. */
  close(): void {
    if (this.destroyed) return;
    if (fire(this, 'close', makeEvent()).defaultPrevented) return;
    this.destroy();
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    standIn.windows.splice(standIn.windows.indexOf(this), 1);
    this.emit('closed');
    this.webContents.destroy();
    if (standIn.windows.length === 0 && !standIn.quitting) {
      if (app.listenerCount('window-all-closed') > 0) app.emit('window-all-closed', makeEvent());
      else app.quit();
    }
  }
}

class App extends EventEmitter {
  isPackaged = false;
  name = 'Tether';
  private readyPromise: Promise<void>;
  private resolveReady!: () => void;
  private readyFlag = false;

  constructor() {
    super();
    this.readyPromise = new Promise((resolve) => (this.resolveReady = resolve));
  }

  getName(): string {
    return this.name;
  }

  getVersion(): string {
    return '0.1.0';
  }

  getPath(name: string): string {
    const path = standIn.paths[name];
    if (!path) throw new Error(`Failed to get '${name}' path`);
    return path;
  }

  setPath(name: string, path: string): void {
    standIn.paths[name] = path;
  }

  setAppUserModelId(id: string): void {
    standIn.appUserModelId = id;
  }

  setBadgeCount(count: number): boolean {
    standIn.badgeCount = count;
    return true;
  }

  requestSingleInstanceLock(additionalData?: Record<string, unknown>): boolean {
    standIn.lockData = additionalData ?? null;
    return standIn.singleInstanceLock;
  }

  whenReady(): Promise<void> {
    return this.readyPromise;
  }

  isReady(): boolean {
    return this.readyFlag;
  }

  getAppMetrics(): { pid: number; type: string }[] {
    return [{ pid: process.pid, type: 'Browser' }];
  }

  /** Electron's sequence: before-quit, windows close, will-quit, quit; each step may stop it. */
  quit(): void {
    standIn.quitCalls += 1;
    if (standIn.exitCode !== null) return;
    if (fire(this, 'before-quit', makeEvent()).defaultPrevented) return;
    standIn.quitting = true;
    for (const window of [...standIn.windows]) {
      window.close();
      if (!window.isDestroyed()) {
        standIn.quitting = false;
        return;
      }
    }
    if (fire(this, 'will-quit', makeEvent()).defaultPrevented) {
      standIn.quitting = false;
      return;
    }
    standIn.exitCode = 0;
    fire(this, 'quit', makeEvent(), 0);
  }

  /** Ends at once: no events, windows destroyed without `close`. */
  exit(code = 0): void {
    standIn.quitting = true;
    for (const window of [...standIn.windows]) window.destroy();
    standIn.exitCode = code;
  }

  // --- driving the stand-in -----------------------------------------------------------------

  markReady(): void {
    this.readyFlag = true;
    this.emit('ready', makeEvent(), {});
    this.resolveReady();
  }
}

export const app = new App();

/** An image made from raw pixels, kept as given. */
export interface StandInImage {
  bitmap: Buffer;
  width: number;
  height: number;
}

/** What the app sets of the window's own theme (its `themeSource`, from the theme setting). */
export const nativeTheme = { themeSource: 'system' as 'system' | 'light' | 'dark' };

export const nativeImage = {
  createFromBitmap(bitmap: Buffer, size: { width: number; height: number }): StandInImage {
    if (bitmap.length !== size.width * size.height * 4) {
      throw new Error('Invalid buffer size: not width * height * 4 bytes');
    }
    return { bitmap, ...size };
  },
};

export const webContents = {
  fromId: (id: number) =>
    standIn.windows.map((window) => window.webContents).find((contents) => contents.id === id),
  getAllWebContents: () => standIn.windows.map((window) => window.webContents),
  getFocusedWebContents: () => BrowserWindow.getFocusedWindow()?.webContents ?? null,
};

type Handler = (event: unknown, ...args: unknown[]) => unknown;

export const ipcMain = {
  handle(channel: string, handler: Handler): void {
    if (standIn.handlers.has(channel)) {
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    }
    standIn.handlers.set(channel, handler);
  },
  removeHandler(channel: string): void {
    standIn.handlers.delete(channel);
  },
  on(channel: string, listener: Handler): void {
    standIn.listeners.set(channel, listener);
  },
  removeAllListeners(channel: string): void {
    standIn.listeners.delete(channel);
  },
};

export interface MenuItemOptions {
  label?: string;
  role?: string;
  type?: string;
  accelerator?: string;
  registerAccelerator?: boolean;
  click?: (...args: unknown[]) => unknown;
  submenu?: MenuItemOptions[] | Menu;
}

export class Menu {
  static setApplicationMenu(menu: Menu | null): void {
    standIn.menu = menu;
  }

  static getApplicationMenu(): Menu | null {
    return standIn.menu;
  }

  static buildFromTemplate(template: MenuItemOptions[]): Menu {
    return new Menu(template);
  }

  constructor(readonly items: MenuItemOptions[]) {}
}

type PermissionRequest = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
) => void;
type PermissionCheck = (contents: unknown, permission: string) => boolean;

export const session = {
  defaultSession: {
    setPermissionRequestHandler(handler: PermissionRequest): void {
      standIn.permissionRequest = handler;
    },
    setPermissionCheckHandler(handler: PermissionCheck): void {
      standIn.permissionCheck = handler;
    },
  },
};

export const shell = {
  async openExternal(url: string): Promise<void> {
    standIn.openedExternally.push(url);
  },
  showItemInFolder(path: string): void {
    standIn.revealed.push(path);
  },
};

export const screen = {
  getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
};

export const dialog = {
  showErrorBox(title: string, content: string): void {
    standIn.errorBoxes.push({ title, content });
  },
  // A person who cancels: tests that need a path choose one through the host's own option.
  async showSaveDialog(): Promise<{ canceled: boolean; filePath?: string }> {
    return { canceled: true };
  },
};

export const contextBridge = {
  exposeInMainWorld(key: string, api: unknown): void {
    standIn.exposed[key] = api;
  },
};

const rendererEvents = new EventEmitter();

export const ipcRenderer = {
  invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    const handler = standIn.handlers.get(channel);
    const sender = standIn.windows[0]?.webContents;
    if (!handler || !sender) return Promise.reject(new Error(`No handler for '${channel}'`));
    return standIn.invoke(channel, sender, sender.mainFrame, ...args);
  },
  send(channel: string, ...args: unknown[]): void {
    const sender = standIn.windows[0]?.webContents;
    if (sender) standIn.send(channel, sender, sender.mainFrame, ...args);
  },
  on(channel: string, listener: (...args: unknown[]) => void): void {
    rendererEvents.on(channel, listener);
  },
  off(channel: string, listener: (...args: unknown[]) => void): void {
    rendererEvents.off(channel, listener);
  },
};

export const webUtils = {
  /** Electron answers '' for a File that is not on disk. */
  getPathForFile(file: unknown): string {
    return standIn.filePaths.get(file) ?? '';
  },
};

interface RoleDefault {
  accelerator?: string;
  register?: boolean;
  submenu?: MenuItemOptions[];
}

/** The accelerators and submenus Electron 45 gives the roles Tether's menu uses. */
function roleDefaults(role: string, platform: NodeJS.Platform): RoleDefault {
  const isMac = platform === 'darwin';
  const table: Record<string, RoleDefault> = {
    close: { accelerator: 'CommandOrControl+W' },
    copy: { accelerator: 'CommandOrControl+C', register: false },
    cut: { accelerator: 'CommandOrControl+X', register: false },
    paste: { accelerator: 'CommandOrControl+V', register: false },
    pasteandmatchstyle: {
      accelerator: isMac ? 'Cmd+Option+Shift+V' : 'Shift+CommandOrControl+V',
      register: false,
    },
    hide: { accelerator: 'Command+H' },
    hideothers: { accelerator: 'Command+Alt+H' },
    minimize: { accelerator: 'CommandOrControl+M' },
    quit: platform === 'win32' ? {} : { accelerator: 'CommandOrControl+Q' },
    redo: { accelerator: platform === 'win32' ? 'Control+Y' : 'Shift+CommandOrControl+Z' },
    undo: { accelerator: 'CommandOrControl+Z' },
    reload: { accelerator: 'CmdOrCtrl+R' },
    forcereload: { accelerator: 'Shift+CmdOrCtrl+R' },
    resetzoom: { accelerator: 'CommandOrControl+0' },
    zoomin: { accelerator: 'CommandOrControl+Plus' },
    zoomout: { accelerator: 'CommandOrControl+-' },
    selectall: { accelerator: 'CommandOrControl+A' },
    toggledevtools: { accelerator: isMac ? 'Alt+Command+I' : 'Ctrl+Shift+I' },
    togglefullscreen: { accelerator: isMac ? 'Control+Command+F' : 'F11' },
    appmenu: {
      submenu: [
        { role: 'about' },
        { role: 'services' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { role: 'quit' },
      ],
    },
    editmenu: {
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        ...(isMac ? [{ role: 'pasteAndMatchStyle' }] : []),
        { role: 'delete' },
        { role: 'selectAll' },
      ],
    },
    viewmenu: {
      submenu: [
        { role: 'reload' },
        { role: 'forceReload' },
        { role: 'toggleDevTools' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { role: 'togglefullscreen' },
      ],
    },
    windowmenu: {
      submenu: [
        { role: 'minimize' },
        { role: 'zoom' },
        ...(isMac ? [{ role: 'front' }] : [{ role: 'close' }]),
      ],
    },
  };
  return table[role] ?? {};
}

/** The recorded state and the test's controls. */
export const standIn = {
  windows: [] as BrowserWindow[],
  handlers: new Map<string, Handler>(),
  listeners: new Map<string, Handler>(),
  menu: null as Menu | null,
  permissionRequest: null as PermissionRequest | null,
  permissionCheck: null as PermissionCheck | null,
  openedExternally: [] as string[],
  revealed: [] as string[],
  errorBoxes: [] as { title: string; content: string }[],
  exposed: {} as Record<string, unknown>,
  filePaths: new Map<unknown, string>(),
  paths: {} as Record<string, string>,
  appUserModelId: null as string | null,
  /** The dock/launcher badge as `app.setBadgeCount` last set it. */
  badgeCount: null as number | null,
  lockData: null as Record<string, unknown> | null,
  singleInstanceLock: true,
  /** Failures for the next loads, in order. */
  loadFailures: [] as LoadFailure[],
  quitting: false,
  quitCalls: 0,
  /** Set once the app has quit or exited. */
  exitCode: null as number | null,

  /**
   * An `ipcRenderer.send` from `frame` of `sender`, as ipcMain's listener receives it: nothing
   * comes back, and nothing happens when no listener is there.
   */
  send(channel: string, sender: WebContents, frame: WebFrameMain | null, ...args: unknown[]): void {
    const event = { sender, senderFrame: frame, processId: 1, frameId: frame?.routingId ?? 0 };
    standIn.listeners.get(channel)?.(event, ...args);
  },

  /** An `ipcRenderer.invoke` from `frame` of `sender`, as ipcMain's handler receives it. */
  async invoke(
    channel: string,
    sender: WebContents,
    frame: WebFrameMain | null,
    ...args: unknown[]
  ): Promise<unknown> {
    const handler = standIn.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    const event = { sender, senderFrame: frame, processId: 1, frameId: frame?.routingId ?? 0 };
    return handler(event, ...args);
  },

  /** A second launch: what Electron delivers to the running instance. */
  secondInstance(argv: string[], workingDirectory: string, additionalData: unknown = {}): void {
    app.emit('second-instance', makeEvent(), argv, workingDirectory, additionalData);
  },

  /** An item of the application menu by its label or role, searched through submenus. */
  menuItem(name: string): MenuItemOptions | undefined {
    const search = (items: MenuItemOptions[]): MenuItemOptions | undefined => {
      for (const item of items) {
        if (item.label === name || item.role === name) return item;
        const submenu = item.submenu;
        const inner = submenu && search(submenu instanceof Menu ? submenu.items : submenu);
        if (inner) return inner;
      }
      return undefined;
    };
    return standIn.menu ? search(standIn.menu.items) : undefined;
  },

  /**
   * Every accelerator the menu registers with the system, role defaults included, as Electron 45
   * would on `platform` (lib/browser/api/menu-item-roles.ts): off macOS these keys never reach
   * the page.
   */
  registeredAccelerators(platform: NodeJS.Platform): string[] {
    const found: string[] = [];
    const walk = (items: MenuItemOptions[]) => {
      for (const item of items) {
        const role = item.role ? roleDefaults(item.role.toLowerCase(), platform) : {};
        const accelerator = item.accelerator ?? role.accelerator;
        const register = item.registerAccelerator ?? role.register ?? true;
        if (accelerator && register) found.push(accelerator);
        const submenu = item.submenu ?? role.submenu;
        if (submenu) walk(submenu instanceof Menu ? submenu.items : submenu);
      }
    };
    if (standIn.menu) walk(standIn.menu.items);
    return found;
  },

  /** Back to a fresh app, for the next test. */
  reset(): void {
    for (const window of [...standIn.windows]) window.destroy();
    app.removeAllListeners();
    Object.assign(app, { isPackaged: false });
    nativeTheme.themeSource = 'system';
    Object.assign(standIn, {
      windows: [],
      menu: null,
      permissionRequest: null,
      permissionCheck: null,
      openedExternally: [],
      revealed: [],
      errorBoxes: [],
      exposed: {},
      appUserModelId: null,
      badgeCount: null,
      lockData: null,
      singleInstanceLock: true,
      loadFailures: [],
      quitting: false,
      quitCalls: 0,
      exitCode: null,
    });
    standIn.handlers.clear();
    standIn.listeners.clear();
    standIn.filePaths.clear();
    rendererEvents.removeAllListeners();
  },

  emitRenderer(channel: string, ...args: unknown[]): void {
    rendererEvents.emit(channel, makeEvent(), ...args);
  },
};

export default {
  app,
  BrowserWindow,
  webContents,
  ipcMain,
  Menu,
  session,
  shell,
  screen,
  dialog,
  contextBridge,
  ipcRenderer,
  webUtils,
  nativeImage,
  nativeTheme,
};
