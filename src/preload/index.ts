import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import type { HostTransport } from '../shared/host-api';
import { ipcChannels } from '../shared/ipc-channels';

// The page gets the host's channels and nothing else: never ipcRenderer itself. It builds the
// contract's typed api over them and checks what comes back; the main process checks every request
// and notification (name, sender, parameters), so nothing here needs the contract's schemas.
const bridge: HostTransport = {
  request: (name, params) => ipcRenderer.invoke(ipcChannels.request, name, params),
  notify: (name, params) => ipcRenderer.send(ipcChannels.notify, name, params),
  subscribe: (listener) => {
    const onEvent = (_event: IpcRendererEvent, message: { name?: unknown; payload?: unknown }) =>
      listener(message?.name, message?.payload);
    ipcRenderer.on(ipcChannels.event, onEvent);
    return () => ipcRenderer.off(ipcChannels.event, onEvent);
  },
};

contextBridge.exposeInMainWorld('tether', {
  ...bridge,
  /** The path of a file dropped onto the page ('' when it is not on disk). */
  pathForFile: (file: File) => webUtils.getPathForFile(file),
});
