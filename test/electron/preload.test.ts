import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BrowserWindow, ipcMain, standIn } from './stand-in/electron';
import { ipcChannels } from '../../src/shared/contract/host';
import { createHostApi, type HostTransport } from '../../src/shared/host-api';

vi.mock('electron', () => import('./stand-in/electron'));

let bridge: HostTransport & { pathForFile(file: unknown): string };

beforeAll(async () => {
  standIn.reset();
  await import('../../src/preload/index');
  bridge = standIn.exposed['tether'] as typeof bridge;
});
afterAll(() => standIn.reset());

describe('the preload', () => {
  it('exposes one request, one notification, one event subscription and pathForFile, nothing of ipcRenderer', () => {
    expect(Object.keys(bridge).sort()).toEqual(['notify', 'pathForFile', 'request', 'subscribe']);
    for (const value of Object.values(bridge)) expect(typeof value).toBe('function');
    expect(Object.keys(standIn.exposed)).toEqual(['tether']);
  });

  it('gives the path of a dropped file from webUtils, and "" for one not on disk', () => {
    const onDisk = { name: 'notes.txt' };
    standIn.filePaths.set(onDisk, '/home/ada/notes.txt');
    expect(bridge.pathForFile(onDisk)).toBe('/home/ada/notes.txt');
    expect(bridge.pathForFile({ name: 'pasted.png' })).toBe('');
  });

  it('carries requests on the request channel; the page’s api checks the replies', async () => {
    new (await import('./stand-in/electron')).BrowserWindow({});
    ipcMain.handle(ipcChannels.request, (_event, name) =>
      name === 'getAppInfo'
        ? {
            ok: true,
            result: {
              workspaceDir: '/w',
              platform: 'linux',
              shell: '/bin/sh',
              notifications: { needsYou: true, done: false, error: true },
              appearance: { terminalFontFamily: null, terminalFontSize: 13, theme: 'dark' },
            },
          }
        : name === 'terminalBusy'
          ? { ok: true, result: { busy: 'yes' } }
          : { ok: false, error: 'refused: untrusted sender' },
    );
    const api = createHostApi(bridge);
    await expect(api.getAppInfo({})).resolves.toEqual({
      workspaceDir: '/w',
      platform: 'linux',
      shell: '/bin/sh',
      notifications: { needsYou: true, done: false, error: true },
      appearance: { terminalFontFamily: null, terminalFontSize: 13, theme: 'dark' },
    });
    await expect(api.closeTerminal({ terminalId: 't' })).rejects.toThrow(
      'refused: untrusted sender',
    );
    await expect(api.terminalBusy({ terminalId: 't' })).rejects.toThrow(/invalid reply/);
  });

  it('carries notifications on their own channel by send: nothing is invoked, nothing answers', () => {
    new BrowserWindow({});
    const heard: unknown[][] = [];
    ipcMain.on(ipcChannels.notify, (_event, ...args) => void heard.push(args));
    const invoked = vi.spyOn(standIn, 'invoke');
    const api = createHostApi(bridge);
    expect(api.acknowledgeTerminal({ terminalId: 't', bytes: 4096 })).toBeUndefined();
    expect(heard).toEqual([['acknowledgeTerminal', { terminalId: 't', bytes: 4096 }]]);
    expect(invoked).not.toHaveBeenCalled();
  });

  it('delivers host events to the page until it unsubscribes, invalid ones not at all', () => {
    const warnings: string[] = [];
    const api = createHostApi(bridge, (message) => warnings.push(message));
    const seen: string[] = [];
    const stop = api.onEvent('settingsChanged', ({ problem }) => seen.push(String(problem)));
    const settingsChanged = (problem: unknown) =>
      standIn.emitRenderer(ipcChannels.event, { name: 'settingsChanged', payload: { problem } });
    settingsChanged('bad JSON');
    settingsChanged(42);
    stop();
    settingsChanged(null);
    expect(seen).toEqual(['bad JSON']);
    expect(warnings).toEqual([expect.stringContaining('invalid settingsChanged event')]);
  });
});
