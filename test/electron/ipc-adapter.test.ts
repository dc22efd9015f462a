import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowserWindow, WebFrameMain, ipcMain, standIn } from './stand-in/electron';
import { ipcChannels } from '../../src/shared/ipc-channels';
import { hardenWebContents } from '../../src/main/electron/hardening';
import { IpcAdapter } from '../../src/main/electron/ipc-adapter';
import { isRendererUrl } from '../../src/main/electron/renderer-url';
import type { Host } from '../../src/main/host/host';
import { testHost } from '../support/test-host';
import { eventsOf, isAlive, notify, outputOf, request, steady, tempDir, until } from './support';

vi.mock('electron', () => import('./stand-in/electron'));

const rendererFile = '/opt/tether/out/renderer/index.html';
const page = pathToFileURL(rendererFile).href;
let dir: Awaited<ReturnType<typeof tempDir>>;
let host: Host;
let logged: string[];
let adapter: IpcAdapter;

/** A window showing Tether's page, with the navigation guards and the adapter in place. */
async function openPage() {
  const window = new BrowserWindow({});
  await window.loadURL(page);
  return window.webContents;
}

async function openTerminal(contents: BrowserWindow['webContents'], terminalId: string) {
  const opened = await request(contents, 'openTerminal', { terminalId, cols: 80, rows: 24 });
  expect(opened.ok).toBe(true);
}

async function shellPid(contents: BrowserWindow['webContents'], terminalId: string) {
  await request(contents, 'writeTerminal', { terminalId, data: 'echo pid=$$\r' });
  await until(() => /pid=\d+/.test(outputOf(contents, terminalId)), 'the shell pid');
  return Number(/pid=(\d+)/.exec(outputOf(contents, terminalId))![1]);
}

/** Whether the terminal still answers: it echoes a marker back to the page. */
async function answers(contents: BrowserWindow['webContents'], terminalId: string) {
  const marker = `marker-${Math.random().toString(36).slice(2)}`;
  const written = await request(contents, 'writeTerminal', {
    terminalId,
    data: `echo ${marker}\r`,
  });
  if (!written.ok) return written.error;
  await until(() => outputOf(contents, terminalId).includes(`${marker}\r\n`), 'the echo');
  return 'answers';
}

beforeEach(async () => {
  standIn.reset();
  dir = await tempDir('ipc-adapter-');
  logged = [];
  host = testHost(dir.path, { log: (message) => logged.push(message) });
  hardenWebContents((message) => logged.push(message));
  adapter = new IpcAdapter(
    host,
    (url) => isRendererUrl(url, { kind: 'file', path: rendererFile }, 'linux'),
    (message) => logged.push(message),
  );
});

afterEach(async () => {
  await host.dispose();
  standIn.reset();
  await dir.remove();
});

describe('IpcAdapter: one connection per page load', () => {
  it('keeps the connection, and every shell, when a dropped file’s navigation is cancelled', async () => {
    const contents = await openPage();
    await openTerminal(contents, 't1');
    // Output the shell prints after the drop (the typed line echoes `la''te`, not `late`).
    await request(contents, 'writeTerminal', { terminalId: 't1', data: "sleep 1; echo la''te\r" });
    // Electron: did-start-navigation, then will-navigate, where the guard cancels it.
    const order: string[] = [];
    for (const name of ['did-start-navigation', 'will-navigate', 'did-navigate'])
      contents.on(name, () => order.push(name));
    expect(contents.dropFile(`${dir.path}/notes.txt`)).toBe('cancelled');
    expect(order).toEqual(['did-start-navigation', 'will-navigate']);
    expect(contents.getURL()).toBe(page);
    // With no request after the drop: one would connect the page again and take back shells a
    // detach had left, hiding it. Still connected, the page gets the output by itself.
    await until(
      () => outputOf(contents, 't1').includes('late\r\n'),
      'the output after the drop',
      5_000,
    );
    expect(await answers(contents, 't1')).toBe('answers');
    expect(logged.join('\n')).toContain(`blocked a navigation to ${pathToFileURL(dir.path).href}`);
  });

  it('keeps the connection through a same-document navigation', async () => {
    const contents = await openPage();
    await openTerminal(contents, 't1');
    contents.navigateInPage(`${page}#block-2`);
    expect(await answers(contents, 't1')).toBe('answers');
  });

  it('hands the page’s shells to its next page after a reload or a renderer crash', async () => {
    const contents = await openPage();
    await openTerminal(contents, 't1');
    const pid = await shellPid(contents, 't1');
    contents.reload();
    await until(() => contents.reloads.length === 1 && contents.getURL() === page, 'the reload');
    await new Promise((resolve) => setImmediate(resolve));
    // The reloaded page opens its block again and gets the same, still running, shell.
    await openTerminal(contents, 't1');
    expect(await answers(contents, 't1')).toBe('answers');
    expect(isAlive(pid)).toBe(true);

    contents.crash('oom');
    await openTerminal(contents, 't1');
    await request(contents, 'writeTerminal', { terminalId: 't1', data: 'echo after=$$\r' });
    await until(() => /after=\d+/.test(outputOf(contents, 't1')), 'the shell after the crash');
    expect(Number(/after=(\d+)/.exec(outputOf(contents, 't1'))![1])).toBe(pid);
  });

  it('ends the page’s shells when its window closes', async () => {
    const window = new BrowserWindow({});
    await window.loadURL(page);
    await openTerminal(window.webContents, 't2');
    const pid = await shellPid(window.webContents, 't2');
    window.close();
    await until(() => !isAlive(pid), 'the shell of the closed window to end');
  });

  it('refuses a subframe, a foreign page and a frame it cannot see', async () => {
    const contents = await openPage();
    const subframe = new WebFrameMain(page, contents.mainFrame);
    const foreign = new WebFrameMain('https://example.com/', null);
    for (const frame of [subframe, foreign, null]) {
      expect(await request(contents, 'getAppInfo', {}, frame)).toEqual({
        ok: false,
        error: 'refused: untrusted sender',
      });
    }
    expect(logged.filter((line) => line.startsWith('tether ipc: refused'))).toHaveLength(3);
    expect((await request(contents, 'getAppInfo', {})).ok).toBe(true);
  });

  it('resumes a shell held by flow control on the page’s acknowledgements, not a foreign frame’s', async () => {
    // A host whose window is a few KB, with the adapter over it in place of the first one.
    await host.dispose();
    ipcMain.removeHandler(ipcChannels.request);
    ipcMain.removeAllListeners(ipcChannels.notify);
    host = testHost(dir.path, {
      log: (message) => logged.push(message),
      watermarks: { high: 4096, low: 1024 },
    });
    adapter = new IpcAdapter(
      host,
      (url) => isRendererUrl(url, { kind: 'file', path: rendererFile }, 'linux'),
      (message) => logged.push(message),
    );
    const contents = await openPage();
    await openTerminal(contents, 't.flow');
    await request(contents, 'writeTerminal', {
      terminalId: 't.flow',
      data: "seq 1 100000; echo fin''ished\r",
    });
    const received = () =>
      eventsOf(contents)
        .filter((event) => event.name === 'terminalData')
        .reduce((sum, event) => sum + (event.payload as { data: Uint8Array }).data.length, 0);
    // Held: past the window, far short of seq's 689 KB, with nothing acknowledged.
    const held = await steady(received);
    expect(held).toBeGreaterThan(4096);
    expect(held).toBeLessThan(150_000);
    const foreign = new WebFrameMain('https://example.com/', null);
    notify(contents, 'acknowledgeTerminal', { terminalId: 't.flow', bytes: held }, foreign);
    expect(await steady(received)).toBe(held);
    expect(logged.filter((line) => line.startsWith('tether ipc: refused'))).toHaveLength(1);
    let acknowledged = 0;
    await until(() => {
      const bytes = received() - acknowledged;
      if (bytes > 0) notify(contents, 'acknowledgeTerminal', { terminalId: 't.flow', bytes });
      acknowledged += bytes;
      return outputOf(contents, 't.flow').includes('\r\nfinished');
    }, 'the end of seq, acknowledged as it comes');
    expect(outputOf(contents, 't.flow')).toContain('\r\n100000\r\n');
  });

  it('holds an event for a page that has not connected yet', async () => {
    adapter.broadcast({ name: 'openTerminalIn', payload: { cwd: dir.path } });
    const contents = await openPage();
    expect(eventsOf(contents)).toEqual([]);
    await request(contents, 'getAppInfo', {});
    expect(eventsOf(contents)).toEqual([{ name: 'openTerminalIn', payload: { cwd: dir.path } }]);
  });
});

describe('hardenWebContents: what every page may do', () => {
  it('blocks navigation and sends only http(s) links of new windows to the browser', async () => {
    const contents = await openPage();
    expect(contents.navigate('https://example.com/')).toBe('cancelled');
    expect(contents.openWindow('https://example.com/docs')).toEqual({ action: 'deny' });
    expect(contents.openWindow('file:///etc/passwd')).toEqual({ action: 'deny' });
    expect(standIn.openedExternally).toEqual(['https://example.com/docs']);
  });

  it('grants only the clipboard permissions', () => {
    const granted: Record<string, boolean> = {};
    for (const permission of [
      'clipboard-read',
      'clipboard-sanitized-write',
      'media',
      'geolocation',
    ])
      standIn.permissionRequest!(null, permission, (answer) => (granted[permission] = answer));
    expect(granted).toEqual({
      'clipboard-read': true,
      'clipboard-sanitized-write': true,
      media: false,
      geolocation: false,
    });
    expect(standIn.permissionCheck!(null, 'notifications')).toBe(false);
  });
});
