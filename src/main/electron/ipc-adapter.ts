import { ipcMain, webContents, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { ipcChannels, type EventMessage } from '../../shared/host-contract';
import type { Host, HostConnection } from '../host/host';

/**
 * The Electron IPC adapter. Each page load of a trusted window is one host connection: a reload
 * or a closed window ends the shells it started. A request from any other sender is refused.
 */
export class IpcAdapter {
  private readonly connections = new Map<number, HostConnection>();

  constructor(
    private readonly host: Host,
    private readonly isTrustedUrl: (url: string) => boolean,
  ) {
    ipcMain.handle(ipcChannels.request, (event, name: unknown, params: unknown) =>
      this.request(event, name, params),
    );
  }

  /** Sends an event to every window's page. */
  broadcast(event: EventMessage): void {
    for (const id of this.connections.keys()) this.sendTo(id, event);
  }

  private request(event: IpcMainInvokeEvent, name: unknown, params: unknown) {
    // Only the top frame of a window showing our own renderer may use the host.
    const frame = event.senderFrame;
    if (!frame || frame.parent !== null || !this.isTrustedUrl(frame.url)) {
      console.warn(`tether ipc: refused a request from ${frame?.url || 'an unknown frame'}`);
      return { ok: false, error: 'refused: untrusted sender' };
    }
    return this.connectionFor(event.sender).request(name, params);
  }

  private connectionFor(contents: WebContents): HostConnection {
    const existing = this.connections.get(contents.id);
    if (existing) return existing;
    const id = contents.id;
    const connection = this.host.connect((event) => this.sendTo(id, event));
    this.connections.set(id, connection);
    const end = () => {
      if (this.connections.get(id) !== connection) return;
      this.connections.delete(id);
      if (!contents.isDestroyed()) contents.off('did-start-navigation', onNavigation);
      void connection.close();
    };
    const onNavigation = (details: { isMainFrame: boolean; isSameDocument: boolean }) => {
      if (details.isMainFrame && !details.isSameDocument) end();
    };
    contents.on('did-start-navigation', onNavigation);
    contents.once('destroyed', end);
    contents.once('render-process-gone', end);
    return connection;
  }

  private sendTo(id: number, event: EventMessage): void {
    const contents = webContents.fromId(id);
    if (contents && !contents.isDestroyed()) contents.send(ipcChannels.event, event);
  }
}
