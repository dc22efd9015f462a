import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Host } from '../../src/main/host/host';
import { RequestAssembler } from '../../src/main/web/request-assembler';
import { startWebServer, type WebServer } from '../../src/main/web/web-server';
import { splitRequest } from '../../src/renderer/src/host/request-pieces';
import { WebSocketTransport } from '../../src/renderer/src/host/websocket-transport';
import { MAX_PROMPT_CHARS } from '../../src/shared/contract/agent';
import { MAX_IMAGE_BASE64_CHARS, MAX_IMAGES_PER_MESSAGE } from '../../src/shared/contract/composer';
import { hostRequests, type ClientFrame } from '../../src/shared/contract/host';
import { MAX_MESSAGE_BYTES, MAX_REQUEST_BYTES } from '../../src/shared/request-pieces';
import { decodeTerminalData } from '../../src/shared/terminal-data-frame';
import { testHost } from '../support/test-host';
import { steady, until } from '../support/until';

/**
 * The largest `sendAgentMessage` the contract allows (or, with more images, one just past it):
 * every field at its longest, a text of characters JSON escapes in six bytes each, and the most
 * images, each as large as allowed. The images share one string: the test holds it once.
 */
function largestMessage(images = MAX_IMAGES_PER_MESSAGE) {
  const data = 'A'.repeat(MAX_IMAGE_BASE64_CHARS);
  return {
    // An agent no host has, named so that the answer says which: 128 characters, the most.
    agentId: 'nobody'.padEnd(128, '.'),
    text: '\u0001'.repeat(MAX_PROMPT_CHARS),
    uuid: '0b5e2d6c-1f3a-4c8e-9d7b-2a6f4e8c1b3d',
    images: Array.from({ length: images }, () => ({ mediaType: 'image/jpeg' as const, data })),
    priority: 'later' as const,
  };
}

describe('request pieces', () => {
  it('put any request back together exactly, each piece within the message cap', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 50 }),
        fc.integer({ min: MAX_MESSAGE_BYTES - 64, max: 3 * MAX_MESSAGE_BYTES }),
        (unit, bytes) => {
          // About `bytes` of UTF-8 JSON: around the cap, below and above it.
          const size = new TextEncoder().encode(unit).length;
          const json = JSON.stringify({ text: unit.repeat(Math.ceil(bytes / size)) });
          const encoded = new TextEncoder().encode(json).length;
          const messages = splitRequest(json)!;
          if (encoded <= MAX_MESSAGE_BYTES) {
            expect(messages).toEqual([json]);
            return;
          }
          expect(messages.length).toBeGreaterThan(1);
          const assembler = new RequestAssembler();
          const results = messages.map((piece) => {
            expect(piece).toBeInstanceOf(Uint8Array);
            expect((piece as Uint8Array).length).toBeLessThanOrEqual(MAX_MESSAGE_BYTES);
            return assembler.push(Buffer.from(piece as Uint8Array));
          });
          expect(results.slice(0, -1).every((result) => result === null)).toBe(true);
          expect(results.at(-1)).toBe(json);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('the contract’s largest message fits the request limit, escaped as badly as JSON can', () => {
    const params = largestMessage();
    expect(hostRequests.sendAgentMessage.params.safeParse(params).success).toBe(true);
    const frame: ClientFrame = {
      type: 'request',
      id: Number.MAX_SAFE_INTEGER,
      name: 'sendAgentMessage',
      params,
    };
    // All of it is ASCII: its length is its size in bytes.
    const json = JSON.stringify(frame);
    expect(json.length).toBeGreaterThan(MAX_PROMPT_CHARS * 6);
    expect(json.length).toBeLessThanOrEqual(MAX_REQUEST_BYTES);
    // That the page sends it is the next test's, through the server.
    expect(splitRequest(json.padEnd(MAX_REQUEST_BYTES + 1))).toBeNull();
  });
});

describe('browser mode carries large requests', () => {
  let dir: string;
  let host: Host;
  let server: WebServer;
  let transport: WebSocketTransport;
  let closed = false;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'browser-transport-'));
    await mkdir(join(dir, 'renderer'));
    await writeFile(join(dir, 'renderer', 'index.html'), '<!doctype html>');
    host = testHost(dir);
    server = await startWebServer({ host, rendererDir: join(dir, 'renderer'), log: () => {} });
    // The page's own transport, on the ws package's WebSocket (Node 20 has no global one). A
    // browser masks what it sends in native code; ws does it byte by byte in JavaScript, and for
    // the largest request (165 MB, unmasked again by the server) that would be most of this
    // file's time. An all-zero masking key is as valid as any other, and ws skips the XOR for it
    // at both ends: the server reads the pieces as it reads a browser's.
    class PageSocket extends WebSocket {
      constructor(url: string) {
        super(url, { generateMask: (mask) => void mask.fill(0) });
      }
    }
    Object.assign(globalThis, { WebSocket: PageSocket });
    const token = new URL(server.url).searchParams.get('token')!;
    transport = new WebSocketTransport(
      `ws://127.0.0.1:${server.port}/ws?token=${token}`,
      () => (closed = true),
    );
  });

  afterAll(async () => {
    await server.dispose();
    await host.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  it('delivers the longest prompt the contract allows, whole', async () => {
    const text = 'a\u0001é😀'.repeat(MAX_PROMPT_CHARS / 5);
    const response = await transport.request('sendAgentMessage', { agentId: 'nobody', text });
    // The host validated all of it (a cut piece would be no JSON, and no answer at all) and only
    // then found no such agent.
    expect(response).toMatchObject({ ok: false, error: expect.stringContaining('nobody') });
    expect(response).not.toMatchObject({ error: expect.stringContaining('text') });
  });

  it('delivers the largest message the contract allows, images and all, whole', async () => {
    const params = largestMessage();
    // Checked against the contract, all of it, before the host found no such agent: a piece lost
    // or cut would have left no JSON to check, and no answer at all.
    expect(await transport.request('sendAgentMessage', params)).toEqual({
      ok: false,
      error: `sendAgentMessage: no open agent ${params.agentId}`,
    });
  });

  it('refuses a larger one in the block that sent it, and the socket carries on', async () => {
    const params = largestMessage(MAX_IMAGES_PER_MESSAGE + 1);
    expect(await transport.request('sendAgentMessage', params)).toEqual({
      ok: false,
      error: expect.stringMatching(
        /^sendAgentMessage: too large to send: browser mode takes up to \d+ MB/,
      ),
    });
    expect(await transport.request('getAppInfo', {})).toMatchObject({ ok: true });
    expect(closed).toBe(false);
  });
});

describe('browser mode’s terminal acknowledgements', () => {
  let dir: string;
  let host: Host;
  let server: WebServer;
  const logged: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'browser-acks-'));
    // A window of a few KB: a shell nobody acknowledges is held within a batch or two.
    host = testHost(dir, {
      log: (message) => logged.push(message),
      watermarks: { high: 4096, low: 1024 },
    });
    server = await startWebServer({ host, rendererDir: dir, log: () => {} });
  });

  afterAll(async () => {
    await server.dispose();
    await host.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  it('are notifications: never answered, malformed ones refused, and they resume the shell', async () => {
    const token = new URL(server.url).searchParams.get('token')!;
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}/ws?token=${token}`);
    const replies: unknown[] = [];
    let output = '';
    let received = 0;
    socket.on('message', (data: Buffer, isBinary) => {
      if (!isBinary) return void replies.push(JSON.parse(data.toString()));
      const frame = decodeTerminalData(new Uint8Array(data));
      output += Buffer.from(frame!.data).toString();
      received += frame!.data.length;
    });
    await new Promise((resolve) => socket.once('open', resolve));
    const send = (frame: ClientFrame) => socket.send(JSON.stringify(frame));
    const acknowledge = (params: unknown) =>
      send({ type: 'notify', name: 'acknowledgeTerminal', params });
    send({
      type: 'request',
      id: 1,
      name: 'openTerminal',
      params: { terminalId: 't.0', cols: 80, rows: 24 },
    });
    await until(() => replies.length === 1, 'the open’s answer');
    send({
      type: 'request',
      id: 2,
      name: 'writeTerminal',
      params: { terminalId: 't.0', data: "seq 1 100000; echo fin''ished\r" },
    });
    // Held: past the window, far short of seq's 689 KB, with nothing acknowledged.
    const held = await steady(() => received);
    expect(held).toBeGreaterThan(4096);
    expect(held).toBeLessThan(150_000);
    acknowledge({ terminalId: 't.0', bytes: -held });
    acknowledge({ terminalId: '../t.0', bytes: held });
    acknowledge({ terminalId: 't.0', bytes: held, more: true });
    send({ type: 'notify', name: 'formatDisk', params: {} });
    expect(await steady(() => received)).toBe(held);
    expect(logged.filter((line) => line.startsWith('tether host: rejected'))).toEqual([
      expect.stringContaining('acknowledgeTerminal: bytes'),
      expect.stringContaining('acknowledgeTerminal: terminalId'),
      expect.stringContaining('acknowledgeTerminal: message'),
      'tether host: rejected unknown notification "formatDisk"',
    ]);
    let acknowledged = 0;
    await until(() => {
      if (received > acknowledged)
        acknowledge({ terminalId: 't.0', bytes: received - acknowledged });
      acknowledged = received;
      return output.includes('\r\nfinished');
    }, 'the end of seq, acknowledged as it comes');
    expect(output).toContain('\r\n100000\r\n');
    // The two requests were answered, and nothing else.
    send({ type: 'request', id: 3, name: 'closeTerminal', params: { terminalId: 't.0' } });
    await until(() => replies.length === 3, 'the close’s answer');
    expect(replies).toEqual([
      { type: 'response', id: 1, response: expect.objectContaining({ ok: true }) },
      { type: 'response', id: 2, response: { ok: true, result: null } },
      { type: 'response', id: 3, response: { ok: true, result: null } },
    ]);
    socket.close();
  });
});
