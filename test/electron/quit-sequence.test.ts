import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { app, BrowserWindow, standIn } from './stand-in/electron';
import { killLeftovers as killLeftoverProcesses } from '../../src/main/electron/leftover-processes';
import { holdQuitForTeardown } from '../../src/main/electron/quit-sequence';
import { IpcAdapter } from '../../src/main/electron/ipc-adapter';
import type { Host } from '../../src/main/host/host';
import { descendantsOf } from '../../src/main/process/process-tree';
import { claudeHost } from '../support/claude-host';
import { startFakeAnthropic, textReply, type FakeAnthropic } from '../support/fake-anthropic';
import { testHost } from '../support/test-host';
import { eventsOf, isAlive, outputOf, request, tempDir, until } from './support';

vi.mock('electron', () => import('./stand-in/electron'));

let dir: Awaited<ReturnType<typeof tempDir>>;
let logged: string[];
let host: Host;
let fake: FakeAnthropic | undefined;
const log = (message: string) => logged.push(message);

beforeEach(async () => {
  standIn.reset();
  dir = await tempDir('quit-');
  logged = [];
  host = testHost(dir.path, { log });
});

afterEach(async () => {
  await host.dispose();
  await fake?.close();
  fake = undefined;
  standIn.reset();
  await dir.remove();
});

/**
 * A window whose page opened a shell, then typed `data` into it; resolves once the output
 * matches `printed`, with the match.
 */
async function shellThatRan(data: string, printed: RegExp): Promise<RegExpExecArray> {
  new IpcAdapter(host, () => true, log);
  const window = new BrowserWindow({});
  await window.loadURL('file:///tether/index.html');
  const contents = window.webContents;
  await request(contents, 'openTerminal', { terminalId: 't1', cols: 80, rows: 24 });
  await request(contents, 'writeTerminal', { terminalId: 't1', data });
  await until(() => printed.test(outputOf(contents, 't1')), `output matching ${printed}`);
  return printed.exec(outputOf(contents, 't1'))!;
}

/** A window whose page opened a shell; resolves with the shell's pid. */
async function windowWithShell(): Promise<number> {
  return Number((await shellThatRan('echo pid=$$\r', /pid=(\d+)/))[1]);
}

/** The pid of each agent of the page once its CLI is ready, in the order they got ready. */
function agentPids(contents: BrowserWindow['webContents']): number[] {
  return eventsOf(contents).flatMap((event) =>
    event.name === 'agentState' && event.payload.state.state === 'ready'
      ? [event.payload.state.pid]
      : [],
  );
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

  it('quits only once every agent has ended too, a reloading page’s included', async () => {
    // The real CLI, against a fake Messages API.
    await host.dispose();
    fake = await startFakeAnthropic(() => textReply('Hi.'));
    host = claudeHost(dir.path, fake.url);
    new IpcAdapter(host, () => true, log);
    const pages = [new BrowserWindow({}), new BrowserWindow({})].map(
      (window) => window.webContents,
    );
    for (const [index, contents] of pages.entries()) {
      await contents.loadURL('file:///tether/index.html');
      expect(await request(contents, 'openAgent', { agentId: `a${index}` })).toMatchObject({
        ok: true,
      });
    }
    await until(() => pages.every((contents) => agentPids(contents).length === 1), 'the CLIs');
    const pids = pages.flatMap(agentPids);
    // The second page is between two loads: its agent waits, detached, for the page to return.
    let reloaded = false;
    pages[1]!.once('did-navigate', () => (reloaded = true));
    pages[1]!.reload();
    await until(() => reloaded, 'the reload');
    expect(pids.every(isAlive)).toBe(true);

    const killLeftovers = vi.fn();
    holdQuitForTeardown({ dispose: () => host.dispose(), killLeftovers, deadlineMs: 8000, log });
    app.quit();
    expect(standIn.exitCode).toBeNull();
    await until(() => standIn.exitCode === 0, 'the quit', 10_000);
    expect(pids.filter(isAlive)).toEqual([]);
    expect(killLeftovers).not.toHaveBeenCalled();
  });

  it('kills a shell that ignores its hangup, and all it started, at the deadline', async () => {
    // The job inherits the ignored signals; ending the block would take until its forced kill.
    const [, shell, job] = (
      await shellThatRan(
        "trap '' HUP TERM; sleep 1000 & echo pid=$$ job=$!\r",
        /pid=(\d+) job=(\d+)/,
      )
    ).map(Number);
    const tree = [shell!, ...descendantsOf(shell!)];
    expect(tree).toContain(job);

    // What index.ts runs at the deadline: the stand-in reports this process as Electron's own.
    holdQuitForTeardown({
      dispose: () => host.dispose(),
      killLeftovers: () => killLeftoverProcesses(app.getAppMetrics().map(({ pid }) => pid)),
      deadlineMs: 300,
      log,
    });
    const quitAt = Date.now();
    app.quit();
    await until(() => standIn.exitCode === 0, 'the quit');
    // Well before the terminal's own forced kill (5 s): the deadline's kill ended them.
    await until(() => tree.every((pid) => !isAlive(pid)), 'the shell and its job to be gone', 1000);
    expect(Date.now() - quitAt).toBeLessThan(3000);
    expect(logged).toContain('tether: shells still running 300 ms after quit');
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

  it('quits when killing what is left throws', async () => {
    holdQuitForTeardown({
      dispose: () => new Promise<void>(() => {}),
      killLeftovers: () => {
        throw new Error('ps is gone');
      },
      deadlineMs: 50,
      log,
    });
    app.quit();
    await until(() => standIn.exitCode === 0, 'the quit');
    expect(logged).toContain('tether: killing what was left at quit failed: ps is gone');
  });

  it('quits as soon as a job that ignores the hangup has been ended, not at the deadline', async () => {
    // The shell ends at its hangup; the job it started ignores it and keeps the pty open.
    const job = Number(
      (await shellThatRan("(trap '' HUP; exec sleep 1000) & echo job=$!\r", /job=(\d+)/))[1],
    );
    const killLeftovers = vi.fn();
    holdQuitForTeardown({ dispose: () => host.dispose(), killLeftovers, deadlineMs: 4000, log });
    const quitAt = Date.now();
    app.quit();
    await until(() => standIn.exitCode === 0, 'the quit', 6000);
    // SIGTERM ends the job at once: the quit waits for that, not for the 4 s deadline.
    expect(Date.now() - quitAt).toBeLessThan(2000);
    expect(isAlive(job)).toBe(false);
    expect(killLeftovers).not.toHaveBeenCalled();
  });

  it('ends a shell that ignores its hangup soon after, and quits then, not at the deadline', async () => {
    const pid = Number((await shellThatRan("trap '' HUP; echo pid=$$\r", /pid=(\d+)/))[1]);
    const killLeftovers = vi.fn();
    holdQuitForTeardown({ dispose: () => host.dispose(), killLeftovers, deadlineMs: 4000, log });
    const quitAt = Date.now();
    app.quit();
    await until(() => standIn.exitCode === 0, 'the quit', 6000);
    // Nobody is left to see the shell: it gets a second, not the 5 s a closed block allows.
    expect(Date.now() - quitAt).toBeLessThan(2500);
    expect(isAlive(pid)).toBe(false);
    expect(killLeftovers).not.toHaveBeenCalled();
  });
});
