import {
  ipcMain,
  webContents,
  type IpcMainEvent,
  type IpcMainInvokeEvent,
  type WebContents,
} from 'electron';
import { ipcChannels, type EventMessage } from '../../shared/contract/host';
import type { Host, HostConnection } from '../host/host';

/**
 * The Electron IPC adapter. Each page load of a trusted window is one host connection. A reload
 * or a crashed renderer detaches it: the window's next page (same webContents, so same client id)
 * takes its shells over within the grace period. A closed window ends them. A request from any
 * other sender is refused, a notification from one dropped.
 */
export class IpcAdapter {
  private readonly connections = new Map<number, HostConnection>();
  /** Events meant for a page that has not connected yet (a window just opened for them). */
  private pending: EventMessage[] = [];

  constructor(
    private readonly host: Host,
    private readonly isTrustedUrl: (url: string) => boolean,
    private readonly log: (message: string) => void,
  ) {
    ipcMain.handle(ipcChannels.request, (event, name: unknown, params: unknown) =>
      this.request(event, name, params),
    );
    ipcMain.on(ipcChannels.notify, (event, name: unknown, params: unknown) => {
      if (this.isTrusted(event)) this.connectionFor(event.sender).notify(name, params);
    });
  }

  /** Sends an event to every connected page, or to the next page to connect if none is. */
  broadcast(event: EventMessage): void {
    if (this.connections.size === 0) this.pending.push(event);
    for (const id of this.connections.keys()) this.sendTo(id, event);
  }

  private request(event: IpcMainInvokeEvent, name: unknown, params: unknown) {
    if (!this.isTrusted(event)) return { ok: false, error: 'refused: untrusted sender' };
    return this.connectionFor(event.sender).request(name, params);
  }

  /** Only the top frame of a window showing our own renderer may use the host. */
  private isTrusted(event: IpcMainInvokeEvent | IpcMainEvent): boolean {
    const frame = event.senderFrame;
    if (frame && frame.parent === null && this.isTrustedUrl(frame.url)) return true;
    this.log(`tether ipc: refused a message from ${frame?.url || 'an unknown frame'}`);
    return false;
  }

  private connectionFor(contents: WebContents): HostConnection {
    const existing = this.connections.get(contents.id);
    if (existing) return existing;
    const id = contents.id;
    const connection = this.host.connect((event) => this.sendTo(id, event), `window-${id}`);
    this.connections.set(id, connection);
    // The page goes away when another document commits in the main frame (a reload), when its
    // renderer dies, or with its window. Electron fires `did-start-navigation` before
    // `will-navigate`, where a navigation (a file dropped onto the window) is still cancelled:
    // only `did-navigate` says a new document replaced this one.
    const end = (how: 'detach' | 'close') => {
      if (this.connections.get(id) !== connection) return;
      this.connections.delete(id);
      if (!contents.isDestroyed()) {
        contents.off('did-navigate', detach);
        contents.off('render-process-gone', detach);
      }
      void (how === 'detach' ? connection.detach() : connection.close());
    };
    const detach = () => end('detach');
    contents.on('did-navigate', detach);
    contents.on('render-process-gone', detach);
    contents.once('destroyed', () => end('close'));
    const held = this.pending;
    this.pending = [];
    for (const event of held) this.sendTo(id, event);
    return connection;
  }

  private sendTo(id: number, event: EventMessage): void {
    const contents = webContents.fromId(id);
    if (contents && !contents.isDestroyed()) contents.send(ipcChannels.event, event);
  }
}
