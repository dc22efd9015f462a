import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventMessage, HostResponse } from '../../shared/contract/host';
import { isAlive } from '../process/process-tree';
import type { Host, HostOptions } from './host';
import { SettingsFile } from './settings';
import { testHost } from '#test/support/test-host';
import { until } from '#test/support/until';

// Real shells, a host and clients that drop and come back, as a reloading page does.

let dir: string;
let host: Host;

function makeHost(overrides: Partial<HostOptions> = {}): Host {
  host = testHost(dir, overrides);
  return host;
}

/** A page: it records what it is sent and, like xterm, acknowledges the output it gets. */
function page(clientId?: string) {
  const events: EventMessage[] = [];
  const connection = host.connect((event) => {
    events.push(event);
    if (event.name === 'terminalData') {
      const { terminalId, data } = event.payload;
      connection.notify('acknowledgeTerminal', { terminalId, bytes: data.length });
    }
  }, clientId);
  const request = async <T = unknown>(name: string, params: unknown): Promise<T> => {
    const response: HostResponse = await connection.request(name, params);
    if (!response.ok) throw new Error(response.error);
    return response.result as T;
  };
  const output = () =>
    Buffer.concat(
      events.flatMap((event) => (event.name === 'terminalData' ? [event.payload.data] : [])),
    ).toString();
  return { connection, events, request, output };
}

type Opened = { cwd: string; restore?: string; shell?: string };
const open = (p: ReturnType<typeof page>) =>
  p.request<Opened>('openTerminal', { terminalId: 't.0', cols: 80, rows: 24 });
const type = (p: ReturnType<typeof page>, data: string) =>
  p.request('writeTerminal', { terminalId: 't.0', data });

/** Opens the terminal and answers its shell's pid, as the shell says it. */
async function openShell(p: ReturnType<typeof page>): Promise<number> {
  await open(p);
  await type(p, 'echo "pid:$$:"\r');
  await until(() => /pid:\d+:/.test(p.output()), 'the pid');
  return Number(/pid:(\d+):/.exec(p.output())![1]);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reattach-test-'));
});

afterEach(async () => {
  await host?.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe.skipIf(process.platform === 'win32')('Host: a page that comes back', () => {
  it('takes over its running shell with the screen and 10,000 lines of scrollback', async () => {
    makeHost();
    const first = page('tab-00000001');
    expect(await open(first)).toEqual({ cwd: dir, shell: '/bin/sh' });
    // Typed once the shell is up: keys that come before its line editor are echoed out of order.
    await until(() => first.output().includes('$ '), 'the prompt');
    // `cat` keeps running across the reload; the echo comes while nobody is attached.
    await type(first, 'seq 1 10000; sleep 0.5; echo away-$((6*7)); cat\r');
    await until(() => first.output().includes('\r\n10000\r\n'), 'the seq');
    await first.connection.detach();
    await sleep(900);
    expect(first.output()).not.toContain('away-42');

    const second = page('tab-00000001');
    const reopened = await open(second);
    expect(reopened.cwd).toBe(dir);
    // The page learns again which shell it types into (a dropped file's path is quoted for it).
    expect(reopened.shell).toBe('/bin/sh');
    // The first lines, whatever came just before them (the shell's marks may: OSC 633).
    expect(reopened.restore).toMatch(/\D1\r\n2\r\n3\r\n/);
    expect(reopened.restore).toContain('\r\n9999\r\n10000\r\n');
    expect(reopened.restore).toContain('away-42');
    await type(second, 'still here\r');
    await until(() => second.output().split('still here').length > 2, 'cat echoing the line');
    expect(second.output()).not.toContain('not found');
  });

  it('brings back a full-screen program whose screen is older than the kept output: on its own screen, redrawn', async () => {
    makeHost();
    const first = page('tab-00000004');
    await open(first);
    await until(() => first.output().includes('$ '), 'the prompt');
    // A stand-in for vi or htop: it takes the alternate screen, draws far more than the 4 MiB the
    // host keeps, and draws its whole screen again (with its size) when the size changes.
    const program = join(dir, 'full-screen.sh');
    await writeFile(
      program,
      [
        `trap 'printf "\\033[2J\\033[Hwhole screen %s\\n" "$(stty size)"' WINCH`,
        `printf '\\033[?1049h\\033[Hfirst screen\\n'`,
        `head -c 5000000 /dev/zero | tr '\\0' x`,
        `echo drawn`,
        `while :; do sleep 0.05; done`,
      ].join('\n'),
    );
    await type(first, `sh ${program}\r`);
    await until(() => first.output().includes('drawn'), 'the flood', 30_000);
    await first.connection.detach();

    const second = page('tab-00000004');
    const { restore } = await open(second);
    expect(restore).not.toContain('first screen');
    expect(restore!.startsWith('\x1b[?1049h')).toBe(true);
    await until(() => second.output().includes('whole screen 24 80'), 'the redraw');
  });

  it('goes on with output that flooded while it was away (the paused shell resumes)', async () => {
    makeHost({ watermarks: { high: 100_000, low: 50_000 } });
    const first = page('tab-00000002');
    await open(first);
    await type(first, "head -c 3000000 /dev/zero | tr '\\0' x; echo; echo flood-$((6*7))\r");
    // Nobody acknowledges while detached: the shell pauses at the high watermark.
    await first.connection.detach();
    await sleep(500);
    const second = page('tab-00000002');
    const { restore } = await open(second);
    expect(restore!.length).toBeLessThan(1_000_000);
    await until(() => second.output().includes('flood-42'), 'the rest of the flood');
  });

  it('ends everything once the grace period is over, jobs included', async () => {
    makeHost({ reattachGraceSeconds: 0.3 });
    const first = page('tab-00000003');
    await open(first);
    await type(first, 'sleep 1000 & echo "pids:$$:$!:"\r');
    await until(() => /pids:\d+:\d+:/.test(first.output()), 'the pids');
    const [, shell, job] = /pids:(\d+):(\d+):/.exec(first.output())!.map(Number);
    await first.connection.detach();
    await sleep(100);
    expect([isAlive(shell!), isAlive(job!)]).toEqual([true, true]);
    await until(() => !isAlive(shell!) && !isAlive(job!), 'the shell and its job to end');

    const late = page('tab-00000003');
    expect(await open(late)).toEqual({ cwd: dir, shell: '/bin/sh' });
  });

  it('a setting of 0, or a page with no client id, ends everything at once', async () => {
    const settings = join(dir, 'settings.json');
    await writeFile(settings, '{ "reattachGraceSeconds": 0 }');
    makeHost({ settings: new SettingsFile(settings, { log: () => {} }) });
    const first = page('tab-00000004');
    const shell = await openShell(first);
    await first.connection.detach();
    expect(isAlive(shell)).toBe(false);
    await host.dispose();

    makeHost();
    const anonymous = page();
    const other = await openShell(anonymous);
    await anonymous.connection.detach();
    expect(isAlive(other)).toBe(false);
  });

  it('the app quitting ends detached shells at once, ignoring the grace period', async () => {
    makeHost();
    const first = page('tab-00000005');
    const shell = await openShell(first);
    await first.connection.detach();
    await host.dispose();
    expect(isAlive(shell)).toBe(false);
  });

  it('a newer page of the same client takes over; the older one can no longer act or end it', async () => {
    makeHost();
    const older = page('tab-00000006');
    await open(older);
    await type(older, 'cat\r');
    const newer = page('tab-00000006');
    expect((await open(newer)).restore).toBeDefined();
    await expect(type(older, 'x')).rejects.toThrow('a newer page of this tab or window took over');
    await older.connection.close();
    await type(newer, 'alive\r');
    await until(() => newer.output().split('alive').length > 2, 'cat echoing the line');
  });
});
