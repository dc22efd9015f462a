import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Host } from '../host/host';
import { claimStateDir } from './running-instance';
import { startWebServer, type WebServer } from './web-server';
import { testHost } from '#test/support/test-host';

let dir: string;
let host: Host | undefined;
let server: WebServer | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'running-instance-'));
});

afterEach(async () => {
  await server?.dispose();
  await host?.dispose();
  server = undefined;
  host = undefined;
  rmSync(dir, { recursive: true, force: true });
});

async function serve(): Promise<WebServer> {
  await mkdir(join(dir, 'renderer'));
  await writeFile(join(dir, 'renderer', 'index.html'), '<!doctype html><title>t</title>');
  host = testHost(dir);
  server = await startWebServer({ host, rendererDir: join(dir, 'renderer'), log: () => {} });
  return server;
}

describe('claimStateDir', () => {
  it('gives a later start the address of the server that holds the folder, until it lets go', async () => {
    const state = join(dir, 'state');
    const first = await claimStateDir(state);
    expect(first.held).toBe(true);
    if (!first.held) return;
    // Still starting: nothing to hand over yet, and no second server either.
    expect(await claimStateDir(state)).toEqual({ held: false });
    const { url } = await serve();
    first.publish(url);
    expect(await claimStateDir(state)).toEqual({ held: false, url });
    first.release();
    const again = await claimStateDir(state);
    expect(again.held).toBe(true);
    if (again.held) again.release();
  });

  it('takes over the file of a server that was killed, or that no longer answers', async () => {
    const state = join(dir, 'state');
    await mkdir(state);
    const file = join(state, 'browser-server.json');
    const ended = spawnSync(process.execPath, ['-e', '']).pid!;
    writeFileSync(file, JSON.stringify({ pid: ended, url: 'http://127.0.0.1:9/?token=x' }));
    const afterKill = await claimStateDir(state);
    expect(afterKill.held).toBe(true);
    if (afterKill.held) afterKill.release();
    expect(existsSync(file)).toBe(false);

    const { url } = await serve();
    await server!.dispose();
    server = undefined;
    writeFileSync(file, JSON.stringify({ pid: process.pid, url }));
    const afterStop = await claimStateDir(state);
    expect(afterStop.held).toBe(true);
    if (afterStop.held) afterStop.release();
  });
});
