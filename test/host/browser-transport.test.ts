import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Host } from '../../src/main/host/host';
import { JsonFile } from '../../src/main/host/json-file';
import { RequestAssembler } from '../../src/main/host/request-assembler';
import { startWebServer, type WebServer } from '../../src/main/host/web-server';
import { splitRequest } from '../../src/renderer/src/host/request-pieces';
import { WebSocketTransport } from '../../src/renderer/src/host/websocket-transport';
import { MAX_PROMPT_CHARS } from '../../src/shared/agent-contract';
import { MAX_MESSAGE_BYTES, MAX_REQUEST_BYTES } from '../../src/shared/request-pieces';
import { workspaceStateSchema } from '../../src/shared/workspace-state';

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

  it('the contract’s longest prompt fits the request limit, escaped as badly as JSON can', () => {
    const json = JSON.stringify({ text: '\u0001'.repeat(MAX_PROMPT_CHARS) });
    expect(json.length).toBeLessThanOrEqual(MAX_REQUEST_BYTES);
    expect(splitRequest(json)).not.toBeNull();
    expect(splitRequest(json + ' '.repeat(MAX_REQUEST_BYTES))).toBeNull();
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
    host = new Host({
      workspaceDir: dir,
      shell: { file: '/bin/sh', args: [] },
      workspace: new JsonFile(join(dir, 'workspace.json'), workspaceStateSchema, () => {}),
      agentLogDir: join(dir, 'agents'),
      log: () => {},
    });
    server = await startWebServer({ host, rendererDir: join(dir, 'renderer'), log: () => {} });
    // The page's own transport, on the ws package's WebSocket (Node 20 has no global one).
    Object.assign(globalThis, { WebSocket });
    const token = new URL(server.url).searchParams.get('token')!;
    transport = new WebSocketTransport(
      `ws://127.0.0.1:${server.port}/ws?token=${token}`,
      () => (closed = true),
    );
  });

  afterAll(async () => {
    await server.close();
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

  it('refuses a larger one in the block that sent it, and the socket carries on', async () => {
    const text = '\u0001'.repeat(MAX_REQUEST_BYTES / 6 + 1);
    expect(await transport.request('sendAgentMessage', { agentId: 'a1', text })).toEqual({
      ok: false,
      error: expect.stringMatching(
        /^sendAgentMessage: too large to send: browser mode takes up to \d+ MB/,
      ),
    });
    expect(await transport.request('getAppInfo', {})).toMatchObject({ ok: true });
    expect(closed).toBe(false);
  });
});
