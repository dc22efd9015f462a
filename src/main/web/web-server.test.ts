import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Host } from '../host/host';
import { MAX_MESSAGE_BYTES } from '../../shared/request-pieces';
import { startWebServer, type WebServer } from './web-server';
import { testHost } from '#test/support/test-host';

let dir: string;
let host: Host;
let server: WebServer;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'web-server-test-'));
  await mkdir(join(dir, 'renderer'));
  await writeFile(join(dir, 'renderer', 'index.html'), '<!doctype html><title>t</title>');
  await writeFile(join(dir, 'secret.txt'), 'outside the renderer');
  host = testHost(dir);
  server = await startWebServer({ host, rendererDir: join(dir, 'renderer'), log: () => undefined });
});

afterEach(async () => {
  await server.dispose();
  await host.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe('startWebServer', () => {
  it('listens on 127.0.0.1 only and prints a URL with a fresh token', async () => {
    expect(server.address.address).toBe('127.0.0.1');
    const url = new URL(server.url);
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const other = await startWebServer({ host, rendererDir: join(dir, 'renderer') });
    expect(new URL(other.url).searchParams.get('token')).not.toBe(url.searchParams.get('token'));
    await other.dispose();
  });

  it('serves the page without setting any cookie, and nothing outside the renderer', async () => {
    const page = await fetch(server.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('set-cookie')).toBeNull();
    expect(await page.text()).toContain('<title>t</title>');
    expect((await fetch(new URL('/index.html', server.url))).status).toBe(200);
    expect((await fetch(new URL('/..%2Fsecret.txt', server.url))).status).toBe(404);
    expect((await fetch(server.url, { method: 'POST' })).status).toBe(405);
  });

  it('tells the page whether the token it holds is this run’s', async () => {
    const check = (token: string) =>
      fetch(new URL('/token-check', server.url), { headers: { 'x-tether-token': token } });
    expect((await check(new URL(server.url).searchParams.get('token')!)).status).toBe(200);
    expect((await check('an-earlier-run')).status).toBe(403);
    expect((await fetch(new URL('/token-check', server.url))).status).toBe(403);
  });

  it('answers malformed requests of any shape and keeps serving', async () => {
    const lines = [
      'GET //%zz HTTP/1.1',
      'GET http://127.0.0.1:99999/ HTTP/1.1',
      'GET http://[::1/ HTTP/1.1',
      'GET * HTTP/1.1',
      'OPTIONS * HTTP/1.1',
      'GET /%zz HTTP/1.1',
      'GET /ws?token=%zz HTTP/1.1',
      'GET evil.example:443 HTTP/1.1',
      'CONNECT evil.example:443 HTTP/1.1',
      'GET / HTTP/9.9',
      'GET /\x00 HTTP/1.1',
      'NOT A REQUEST',
      '\u0000\u0001\u0002',
    ];
    // Targets the URL parser rejects, or that name no path on this server: malformed, with or
    // without an upgrade (the WebSocket path must not answer them as a mere refusal).
    const malformedTargets = [
      'GET http://127.0.0.1:99999/ HTTP/1.1',
      'GET http://[::1/ HTTP/1.1',
      'GET * HTTP/1.1',
      'OPTIONS * HTTP/1.1',
      'GET evil.example:443 HTTP/1.1',
    ];
    const answers: string[] = [];
    for (const line of lines) {
      for (const upgrade of [false, true]) {
        const headers = upgrade
          ? 'Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n'
          : 'Connection: close\r\n';
        const answer = await rawRequest(
          server.port,
          `${line}\r\nHost: 127.0.0.1:${server.port}\r\n${headers}\r\n`,
        );
        if (malformedTargets.includes(line)) {
          expect({ line, upgrade, answer }).toEqual({
            line,
            upgrade,
            answer: expect.stringMatching(/^HTTP\/1\.1 400 /),
          });
        }
        answers.push(answer);
      }
    }
    for (const answer of answers) expect(answer).toMatch(/^HTTP\/1\.1 (400|403|404|405) /);
    expect(answers.filter((answer) => answer.startsWith('HTTP/1.1 400')).length).toBeGreaterThan(8);
    expect((await fetch(server.url)).status).toBe(200);
  });

  it('delivers one reply larger than the unread bound to a client that reads', async () => {
    const strict = await startWebServer({
      host,
      rendererDir: join(dir, 'renderer'),
      maxUnreadBytes: 1024 * 1024,
      log: () => undefined,
    });
    // A workspace of 20 MB: its reply alone is over the bound, and over what the kernel buffers.
    const blocks = Object.fromEntries(
      Array.from({ length: 5000 }, (_, i) => [
        `b${i}`,
        { kind: 'terminal', cwd: `/${'d'.repeat(4000)}` },
      ]),
    );
    await writeFile(
      join(dir, 'workspace.json'),
      JSON.stringify({ version: 1, layout: null, blocks, focused: null }),
    );
    const token = new URL(strict.url).searchParams.get('token');
    const socket = new WebSocket(`ws://127.0.0.1:${strict.port}/ws?token=${token}`);
    await new Promise((resolve) => socket.once('open', resolve));
    const reply = new Promise<string>((resolve) =>
      socket.once('message', (data) => resolve(data.toString())),
    );
    socket.send(JSON.stringify({ type: 'request', id: 7, name: 'loadWorkspace', params: {} }));
    const answer = JSON.parse(await reply) as {
      id: number;
      response: { ok: boolean; result: { blocks: object } };
    };
    expect(answer.id).toBe(7);
    expect(Object.keys(answer.response.result.blocks)).toHaveLength(5000);
    socket.close();
    await strict.dispose();
  });

  it('drops a client that keeps asking but reads no replies, and serves the others', async () => {
    const logged: string[] = [];
    const strict = await startWebServer({
      host,
      rendererDir: join(dir, 'renderer'),
      maxUnreadBytes: 1024 * 1024,
      log: (line) => logged.push(line),
    });
    const token = new URL(strict.url).searchParams.get('token');
    const socket = new WebSocket(`ws://127.0.0.1:${strict.port}/ws?token=${token}`);
    await new Promise((resolve) => socket.once('open', resolve));
    // Stop reading: replies pile up in the kernel's buffers, then in the server's.
    (socket as unknown as { _socket: { pause(): void } })._socket.pause();
    const closed = new Promise((resolve) => socket.once('close', resolve));
    let sent = 0;
    let isClosed = false;
    void closed.then(() => (isClosed = true));
    const request = JSON.stringify({ type: 'request', id: 1, name: 'getAppInfo', params: {} });
    while (!isClosed && sent < 400_000) {
      for (let i = 0; i < 1000; i++) socket.send(request);
      sent += 1000;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(isClosed).toBe(true);
    expect(logged.join('\n')).toMatch(/dropped a client that left \d+ bytes unread/);
    expect((await fetch(strict.url)).status).toBe(200);
    await strict.dispose();
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
          result: {
            workspaceDir: dir,
            platform: process.platform,
            shell: '/bin/sh',
            notifications: { needsYou: true, done: true, error: true },
            appearance: { terminalFontFamily: null, terminalFontSize: 13, theme: 'system' },
          },
        },
      },
    ]);
    socket.close();
  });
});

describe('a tab whose socket closed for an oversize frame', () => {
  /** A tab's socket (the same client id across its connections) and its replies by id. */
  async function tab(url: URL) {
    const address = `ws://${url.host}/ws?token=${url.searchParams.get('token')}&client=tab-oversize-1`;
    const socket = new WebSocket(address);
    const replies = new Map<number, unknown>();
    socket.on('message', (data, isBinary) => {
      if (isBinary) return; // terminal output
      const frame = JSON.parse(data.toString()) as { type: string; id: number; response: unknown };
      if (frame.type === 'response') replies.set(frame.id, frame.response);
    });
    await new Promise((resolve) => socket.once('open', resolve));
    let nextId = 1;
    const request = async (name: string, params: object) => {
      const id = nextId++;
      socket.send(JSON.stringify({ type: 'request', id, name, params }));
      while (!replies.has(id)) await new Promise((resolve) => setTimeout(resolve, 10));
      return replies.get(id);
    };
    return { socket, request };
  }

  for (const [why, frame] of [
    // Past the socket's own limit: ws closes it, 1009.
    ['one message over the limit', Buffer.alloc(MAX_MESSAGE_BYTES + 1, 1)],
    // Not a request piece: the server closes it, 1009.
    ['a binary message that is no request piece', Buffer.from([0xff, 1, 2])],
  ] as const) {
    it(`(${why}) keeps its shells for the reattach grace`, async () => {
      const url = new URL(server.url);
      const first = await tab(url);
      expect(
        await first.request('openTerminal', { terminalId: 't1', cols: 80, rows: 24 }),
      ).toMatchObject({ ok: true });
      const closed = new Promise<number>((resolve) => first.socket.once('close', resolve));
      first.socket.send(frame);
      expect(await closed).toBe(1009);
      // The page comes back later than the server learns its socket closed.
      await new Promise((resolve) => setTimeout(resolve, 300));

      const second = await tab(url);
      // The same shell: openTerminal finds it running and gives its output so far to replay.
      expect(
        await second.request('openTerminal', { terminalId: 't1', cols: 80, rows: 24 }),
      ).toMatchObject({ ok: true, result: { restore: expect.any(String) } });
      second.socket.close();
    });
  }
});

/** Sends bytes as they are (no client library would send these) and returns the answer. */
function rawRequest(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.setTimeout(5000, () => socket.destroy(new Error(`no answer to ${bytes}`)));
  });
}
