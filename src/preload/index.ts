import { contextBridge } from 'electron';

// The preload exposes named functions only; the host contract fills this in.
contextBridge.exposeInMainWorld('tether', { platform: process.platform });
