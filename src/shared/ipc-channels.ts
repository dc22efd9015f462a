// Apart from the contract, whose schemas the preload must not carry: the preload is loaded into
// every page of the window before it runs, and stays a plain bridge (the page checks replies and
// events against the contract, the main process checks requests).

/** Electron IPC channels: requests by `invoke`, notifications (never answered) and events by `send`. */
export const ipcChannels = {
  request: 'tether:request',
  notify: 'tether:notify',
  event: 'tether:event',
} as const;
