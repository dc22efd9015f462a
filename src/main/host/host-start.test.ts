import { spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventMessage } from '../../shared/contract/host';
import { isAlive } from '../process/process-tree';
import type { Host } from './host';
import { testHost } from '#test/support/test-host';
import { until } from '#test/support/until';

// What a host does by itself, with no option asking for it: the desktop app and browser mode
// both start by constructing one, so this is what both of them do.

let dir: string;
let host: Host | undefined;

function makeHost(): Host {
  host = testHost(dir);
  return host;
}

/** A pid that certainly runs no more: a child that ran and was reaped. */
async function deadPid(): Promise<number> {
  const child = spawn('true');
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

/** Waits in real time while setTimeout is faked (which `until` and any sleep rely on). */
async function realWait(condition: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  return condition();
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'host-start-'));
});

afterEach(async () => {
  vi.useRealTimers();
  await host?.dispose();
  host = undefined;
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(process.platform === 'win32')('Host: when it starts', () => {
  it('removes the stdin FIFO folders a killed Tether left, and keeps the others', async () => {
    // The sweep looks in the temp folder: for this test, a folder of its own.
    const temp = join(dir, 'tmp');
    mkdirSync(temp);
    const dead = await deadPid();
    const stale = join(temp, `tether-${dead}-abc123`);
    const live = join(temp, `tether-${process.pid}-def456`);
    for (const folder of [stale, live]) {
      mkdirSync(folder);
      writeFileSync(join(folder, 'stdin'), '');
    }
    // Another user's, of a process that ended too (only root can make one).
    const theirs = join(temp, `tether-${dead}-theirs`);
    const asRoot = process.getuid?.() === 0;
    if (asRoot) {
      mkdirSync(theirs);
      chownSync(theirs, 65534, 65534);
    }
    const before = process.env['TMPDIR'];
    process.env['TMPDIR'] = temp;
    try {
      expect(tmpdir()).toBe(temp);
      makeHost();
    } finally {
      if (before === undefined) delete process.env['TMPDIR'];
      else process.env['TMPDIR'] = before;
    }
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(live)).toBe(true);
    if (asRoot) expect(existsSync(theirs)).toBe(true);
  });

  it('keeps what a page left for 60 seconds when nothing says otherwise', async () => {
    makeHost();
    const events: EventMessage[] = [];
    const connection = host!.connect((event) => events.push(event), 'tab-00000001');
    const output = () =>
      Buffer.concat(
        events.flatMap((event) => (event.name === 'terminalData' ? [event.payload.data] : [])),
      ).toString();
    const opened = await connection.request('openTerminal', {
      terminalId: 't.0',
      cols: 80,
      rows: 24,
    });
    expect(opened).toMatchObject({ ok: true });
    await connection.request('writeTerminal', { terminalId: 't.0', data: 'echo "pid:$$:"\r' });
    await until(() => /pid:\d+:/.test(output()), 'the pid');
    const shell = Number(/pid:(\d+):/.exec(output())![1]);

    // The clock from the page leaving on is the test's; the shell's ending is real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await connection.detach();
    vi.advanceTimersByTime(59_999);
    // Were the grace any shorter, the shell would have been sent its hangup by now.
    expect(await realWait(() => !isAlive(shell), 300)).toBe(false);
    vi.advanceTimersByTime(1);
    // The grace is over and the ending has begun: what it waits for runs on the real clock.
    vi.useRealTimers();
    expect(await realWait(() => !isAlive(shell), 10_000)).toBe(true);
  });
});
