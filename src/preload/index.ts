import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { createHostApi } from '../shared/host-api';
import { ipcChannels } from '../shared/host-contract';

// The page gets the contract's named functions and nothing else: never ipcRenderer itself.
const api = createHostApi({
  request: (name, params) => ipcRenderer.invoke(ipcChannels.request, name, params),
  subscribe: (listener) => {
    const onEvent = (_event: IpcRendererEvent, message: { name?: unknown; payload?: unknown }) =>
      listener(message?.name, message?.payload);
    ipcRenderer.on(ipcChannels.event, onEvent);
    return () => ipcRenderer.off(ipcChannels.event, onEvent);
  },
});

contextBridge.exposeInMainWorld('tether', {
  ...api,
  /** The path of a file dropped onto the page ('' when it is not on disk). */
  pathForFile: (file: File) => webUtils.getPathForFile(file),
});
