import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { workspaceStateSchema } from '../../shared/workspace-state';
import { Host } from './host';
import { JsonFile } from './json-file';
import { startWebServer, type WebServer } from './web-server';

let dir: string;
let host: Host;
let server: WebServer;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'web-server-test-'));
  await mkdir(join(dir, 'renderer'));
  await writeFile(join(dir, 'renderer', 'index.html'), '<!doctype html><title>t</title>');
  await writeFile(join(dir, 'secret.txt'), 'outside the renderer');
  host = new Host({
    workspaceDir: dir,
    shell: { file: '/bin/sh', args: [] },
    workspace: new JsonFile(join(dir, 'workspace.json'), workspaceStateSchema),
    log: () => undefined,
  });
  server = await startWebServer({ host, rendererDir: join(dir, 'renderer'), log: () => undefined });
});

afterEach(async () => {
  await server.close();
  await host.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe('startWebServer', () => {
  it('listens on 127.0.0.1 only and prints a URL with a fresh token', async () => {
    const url = new URL(server.url);
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const other = await startWebServer({ host, rendererDir: join(dir, 'renderer') });
    expect(new URL(other.url).searchParams.get('token')).not.toBe(url.searchParams.get('token'));
    await other.close();
  });

  it('serves the renderer with the token, then by cookie, and nothing outside it', async () => {
    const page = await fetch(server.url);
    expect(page.status).toBe(200);
    const cookie = page.headers.get('set-cookie')!.split(';')[0]!;
    expect(page.headers.get('set-cookie')).toContain('HttpOnly');
    const again = await fetch(new URL('/index.html', server.url), { headers: { cookie } });
    expect(again.status).toBe(200);
    const escape = await fetch(new URL('/..%2Fsecret.txt', server.url), { headers: { cookie } });
    expect(escape.status).toBe(404);
    const post = await fetch(server.url, { method: 'POST' });
    expect(post.status).toBe(405);
  });

  it('carries requests and replies over the WebSocket, and ignores malformed frames', async () => {
    const url = new URL(server.url);
    const socket = new WebSocket(`ws://${url.host}/ws?token=${url.searchParams.get('token')}`);
    await new Promise((resolve) => socket.once('open', resolve));
    const replies: unknown[] = [];
    socket.on('message', (data) => replies.push(JSON.parse(data.toString())));
    socket.send('not json');
    socket.send(JSON.stringify({ type: 'request', id: 1, name: 'nope', params: {} }));
    socket.send(JSON.stringify({ type: 'request', id: 2, name: 'getAppInfo', params: {} }));
    while (replies.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(replies).toEqual([
      { type: 'response', id: 1, response: { ok: false, error: 'unknown request "nope"' } },
      {
        type: 'response',
        id: 2,
        response: {
          ok: true,
          result: { workspaceDir: dir, platform: process.platform, shell: '/bin/sh' },
        },
      },
    ]);
    socket.close();
  });
});
