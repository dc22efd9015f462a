import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ipcMain, standIn } from './stand-in/electron';
import { ipcChannels } from '../../src/shared/host-contract';
import { requestNames } from '../../src/shared/host-contract';

vi.mock('electron', () => import('./stand-in/electron'));

let api: Record<string, unknown>;

beforeAll(async () => {
  standIn.reset();
  await import('../../src/preload/index');
  api = standIn.exposed['tether'] as Record<string, unknown>;
});
afterAll(() => standIn.reset());

describe('the preload', () => {
  it('exposes the contract’s requests, onEvent and pathForFile, and nothing of ipcRenderer', () => {
    expect(Object.keys(api).sort()).toEqual([...requestNames, 'onEvent', 'pathForFile'].sort());
    for (const value of Object.values(api)) expect(typeof value).toBe('function');
    expect(Object.keys(standIn.exposed)).toEqual(['tether']);
  });

  it('gives the path of a dropped file from webUtils, and "" for one not on disk', () => {
    const onDisk = { name: 'notes.txt' };
    standIn.filePaths.set(onDisk, '/home/ada/notes.txt');
    const pathForFile = api['pathForFile'] as (file: unknown) => string;
    expect(pathForFile(onDisk)).toBe('/home/ada/notes.txt');
    expect(pathForFile({ name: 'pasted.png' })).toBe('');
  });

  it('sends requests on the request channel and checks the reply', async () => {
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
            },
          }
        : { ok: false, error: 'refused: untrusted sender' },
    );
    const getAppInfo = api['getAppInfo'] as (params: object) => Promise<unknown>;
    const closeTerminal = api['closeTerminal'] as (params: object) => Promise<unknown>;
    await expect(getAppInfo({})).resolves.toEqual({
      workspaceDir: '/w',
      platform: 'linux',
      shell: '/bin/sh',
      notifications: { needsYou: true, done: false, error: true },
    });
    await expect(closeTerminal({ terminalId: 't' })).rejects.toThrow('refused: untrusted sender');
  });
});
