import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { app, BrowserWindow, standIn } from './stand-in/electron';
import { holdQuitForTeardown } from '../../src/main/electron/quit-sequence';
import { IpcAdapter } from '../../src/main/electron/ipc-adapter';
import type { Host } from '../../src/main/host/host';
import { isAlive, makeHost, outputOf, request, tempDir, until } from './support';

vi.mock('electron', () => import('./stand-in/electron'));

let dir: Awaited<ReturnType<typeof tempDir>>;
let logged: string[];
let host: Host;
const log = (message: string) => logged.push(message);

beforeEach(async () => {
  standIn.reset();
  dir = await tempDir('quit-');
  logged = [];
  host = makeHost(dir.path, log);
});

afterEach(async () => {
  await host.dispose();
  standIn.reset();
  await dir.remove();
});

/** A window whose page opened a shell; resolves with the shell's pid. */
async function windowWithShell(trapHangup = false): Promise<number> {
  new IpcAdapter(host, () => true, log);
  const window = new BrowserWindow({});
  await window.loadURL('file:///tether/index.html');
  const contents = window.webContents;
  await request(contents, 'openTerminal', { terminalId: 't1', cols: 80, rows: 24 });
  const trap = trapHangup ? "trap '' HUP; " : '';
  await request(contents, 'writeTerminal', { terminalId: 't1', data: `${trap}echo pid=$$\r` });
  await until(() => /pid=\d+/.test(outputOf(contents, 't1')), 'the shell pid');
  return Number(/pid=(\d+)/.exec(outputOf(contents, 't1'))![1]);
}

describe('holdQuitForTeardown', () => {
  it('quits only once every shell has ended', async () => {
    const pid = await windowWithShell();
    const killLeftovers = vi.fn();
    holdQuitForTeardown({ dispose: () => host.dispose(), killLeftovers, deadlineMs: 4000, log });
    app.quit();
    // Held: the shell gets its hangup now, and the app quits once it has ended.
    expect(standIn.exitCode).toBeNull();
    await until(() => standIn.exitCode === 0, 'the quit');
    expect(isAlive(pid)).toBe(false);
    expect(killLeftovers).not.toHaveBeenCalled();
  });

  it('waits for the shells of a last window that is already closing', async () => {
    const pid = await windowWithShell();
    holdQuitForTeardown({
      dispose: () => host.dispose(),
      killLeftovers: () => {},
      deadlineMs: 4000,
      log,
    });
    app.on('window-all-closed', () => app.quit());
    BrowserWindow.getAllWindows()[0]!.close();
    await until(() => standIn.exitCode === 0, 'the quit');
    expect(isAlive(pid)).toBe(false);
  });

  it('kills what is left once the deadline passes, and a second quit changes nothing', async () => {
    const dispose = vi.fn(() => new Promise<void>(() => {}));
    const killLeftovers = vi.fn();
    holdQuitForTeardown({ dispose, killLeftovers, deadlineMs: 50, log });
    app.quit();
    app.quit();
    expect(dispose).toHaveBeenCalledTimes(1);
    await until(() => standIn.exitCode === 0, 'the quit');
    expect(killLeftovers).toHaveBeenCalledTimes(1);
    expect(logged).toContain('tether: shells still running 50 ms after quit');
  });

  it('quits when ending the shells fails', async () => {
    const killLeftovers = vi.fn();
    holdQuitForTeardown({
      dispose: () => Promise.reject(new Error('boom')),
      killLeftovers,
      deadlineMs: 4000,
      log,
    });
    app.quit();
    await until(() => standIn.exitCode === 0, 'the quit');
    expect(killLeftovers).toHaveBeenCalledTimes(1);
    expect(logged).toContain('tether: ending the shells at quit failed: boom');
  });
});
