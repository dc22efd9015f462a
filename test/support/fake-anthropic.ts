/**
 * A scripted stand-in for the Anthropic Messages API, for driving the real `claude` CLI in tests.
 *
 * `startFakeAnthropic(handler)` starts an HTTP server on 127.0.0.1 (a free port). Every
 * `POST /v1/messages` is parsed and handed to `handler`, which returns a {@link FakeReply} built
 * with the helpers below (`textReply`, `toolUseReply`, `thinkingReply`, `messageReply`,
 * `errorReply`). A streaming request (`"stream": true`) gets Server-Sent Events
 * (`message_start`, `content_block_start|delta|stop`, `message_delta`, `message_stop`); a
 * non-streaming one gets the same message as one JSON object. `POST /v1/messages/count_tokens`
 * gets `{"input_tokens":N}`; anything else gets 404 and is recorded in `unexpected`.
 *
 * No vitest imports here: plain scripts (the conformance recorder) use it too.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// ---------------------------------------------------------------------------------------------
// Request side
// ---------------------------------------------------------------------------------------------

/** One content block of a request message (only the fields the handlers look at are typed). */
export interface RequestContentBlock {
  type: string;
  text?: string;
  id?: string;
  name?: string;
  input?: unknown;
  tool_use_id?: string;
  content?: unknown;
  is_error?: boolean;
  [key: string]: unknown;
}

export interface RequestMessage {
  /** Claude Code 2.1.332 also sends `system` messages inside `messages` (environment notes). */
  role: 'user' | 'assistant' | 'system';
  content: string | RequestContentBlock[];
}

/** The parsed body of a `POST /v1/messages` request. */
export interface MessagesRequestBody {
  model: string;
  messages: RequestMessage[];
  system?: string | Array<{ type: string; text: string; [key: string]: unknown }>;
  tools?: Array<{ name: string; [key: string]: unknown }>;
  stream?: boolean;
  max_tokens?: number;
  thinking?: unknown;
  [key: string]: unknown;
}

/** One request the fake received (every path, not only `/v1/messages`). */
export interface FakeRequest {
  method: string;
  /** Path and query string, as sent (e.g. `/v1/messages?beta=true`). */
  url: string;
  /** Path without the query string. */
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The body parsed as JSON, or `undefined` when empty or not JSON. */
  body: unknown;
  /** Wall-clock arrival time (ms since epoch). */
  at: number;
}

/** What a handler gets for one `POST /v1/messages`. */
export interface MessagesCall {
  body: MessagesRequestBody;
  /** 0-based count of `/v1/messages` requests before this one (on this server). */
  index: number;
  request: FakeRequest;
}

export type FakeHandler = (call: MessagesCall) => FakeReply | Promise<FakeReply>;

// ---------------------------------------------------------------------------------------------
// Reply side
// ---------------------------------------------------------------------------------------------

export interface TextBlockSpec {
  type: 'text';
  text: string;
  /** Number of `text_delta` events the text is split into (by code point; default 3). */
  chunks?: number;
}

export interface ToolUseBlockSpec {
  type: 'tool_use';
  /** Defaults to a generated, deterministic `toolu_fake_…` id. */
  id?: string;
  name: string;
  input: Record<string, unknown>;
  /** Number of `input_json_delta` events the JSON input is split into (default 3). */
  chunks?: number;
}

export interface ThinkingBlockSpec {
  type: 'thinking';
  thinking: string;
  /** Defaults to a fixed fake signature. */
  signature?: string;
  chunks?: number;
}

export type BlockSpec = TextBlockSpec | ToolUseBlockSpec | ThinkingBlockSpec;

export interface Usage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
}

export interface MessageReply {
  kind: 'message';
  blocks: BlockSpec[];
  /** Defaults to `tool_use` when a tool_use block is present, else `end_turn`. */
  stopReason?: 'end_turn' | 'tool_use' | 'max_tokens' | 'stop_sequence';
  usage?: Partial<Usage>;
  /** Model reported back; defaults to the requested model. */
  model?: string;
  /** Delay before every SSE event after the first (ms). For interrupt tests. */
  delayMs?: number;
  /** Paces the SSE events at this rate instead (for load benchmarks). */
  eventsPerSecond?: number;
  /** Told each SSE event's data as it is written (for latency benchmarks). */
  onSent?: (data: unknown) => void;
  /** Extra response headers (e.g. `anthropic-ratelimit-unified-*`). */
  headers?: Record<string, string>;
}

export interface ErrorReply {
  kind: 'error';
  /** HTTP status. Prefer one the CLI does not retry (400, 401, 403, 404, 413). */
  status: number;
  errorType: string;
  message: string;
}

export type FakeReply = MessageReply | ErrorReply;

export interface ReplyOptions {
  stopReason?: MessageReply['stopReason'];
  usage?: Partial<Usage>;
  delayMs?: number;
  model?: string;
  /** Deltas per block (default 3). */
  chunks?: number;
  headers?: Record<string, string>;
}

/** A general message reply made of the given blocks. */
export function messageReply(blocks: BlockSpec[], opts: ReplyOptions = {}): MessageReply {
  const withChunks =
    opts.chunks === undefined
      ? blocks
      : blocks.map((b) => (b.chunks === undefined ? { ...b, chunks: opts.chunks } : b));
  return {
    kind: 'message',
    blocks: withChunks,
    stopReason: opts.stopReason,
    usage: opts.usage,
    delayMs: opts.delayMs,
    model: opts.model,
    headers: opts.headers,
  };
}

/** A streamed text reply (split into `chunks` text deltas, default 3). */
export function textReply(text: string, opts: ReplyOptions = {}): MessageReply {
  return messageReply([{ type: 'text', text }], opts);
}

export interface ToolCallSpec {
  name: string;
  input: Record<string, unknown>;
  id?: string;
}

/**
 * An assistant message calling one or several tools (in that order, one message), optionally
 * preceded by some text. Stop reason `tool_use`.
 */
export function toolUseReply(
  calls: ToolCallSpec | ToolCallSpec[],
  opts: ReplyOptions & { text?: string } = {},
): MessageReply {
  const list = Array.isArray(calls) ? calls : [calls];
  const blocks: BlockSpec[] = [];
  if (opts.text !== undefined) blocks.push({ type: 'text', text: opts.text });
  for (const c of list) blocks.push({ type: 'tool_use', id: c.id, name: c.name, input: c.input });
  return messageReply(blocks, { stopReason: 'tool_use', ...opts });
}

/** A thinking block followed by a text block. */
export function thinkingReply(
  thinking: string,
  text: string,
  opts: ReplyOptions = {},
): MessageReply {
  return messageReply(
    [
      { type: 'thinking', thinking },
      { type: 'text', text },
    ],
    opts,
  );
}

/** An HTTP error in the API's shape: `{"type":"error","error":{"type":…,"message":…}}`. */
export function errorReply(
  status = 400,
  errorType = 'invalid_request_error',
  message = 'fake-anthropic: scripted error',
): ErrorReply {
  return { kind: 'error', status, errorType, message };
}

// ---------------------------------------------------------------------------------------------
// Request inspection helpers (for handlers)
// ---------------------------------------------------------------------------------------------

/** The system prompt as one string. */
export function systemText(body: MessagesRequestBody): string {
  const s = body.system;
  if (s === undefined) return '';
  if (typeof s === 'string') return s;
  return s.map((b) => b.text ?? '').join('\n');
}

/** All text of one message (text blocks joined; tool results' string content included). */
export function messageText(m: RequestMessage | undefined): string {
  if (!m) return '';
  if (typeof m.content === 'string') return m.content;
  return m.content
    .map((b) => {
      if (b.type === 'text') return b.text ?? '';
      if (b.type === 'tool_result') {
        if (typeof b.content === 'string') return b.content;
        if (Array.isArray(b.content)) {
          return (b.content as RequestContentBlock[]).map((c) => c.text ?? '').join('\n');
        }
      }
      return '';
    })
    .join('\n');
}

/** The last message of the request (may be a `system` message, see {@link lastUserMessage}). */
export function lastMessage(body: MessagesRequestBody): RequestMessage | undefined {
  return body.messages[body.messages.length - 1];
}

/** The last `user` message (what the user typed, or the tool results being returned). */
export function lastUserMessage(body: MessagesRequestBody): RequestMessage | undefined {
  for (let i = body.messages.length - 1; i >= 0; i--) {
    const m = body.messages[i];
    if (m?.role === 'user') return m;
  }
  return undefined;
}

/** Text of the last `user` message. */
export function lastUserText(body: MessagesRequestBody): string {
  return messageText(lastUserMessage(body));
}

/** The text of the first user message (identifies a conversation, e.g. a subagent's). */
export function firstUserText(body: MessagesRequestBody): string {
  return messageText(body.messages.find((m) => m.role === 'user'));
}

/** `tool_result` blocks of the last user message (empty when it carries none). */
export function lastToolResults(body: MessagesRequestBody): RequestContentBlock[] {
  const m = lastUserMessage(body);
  if (!m || typeof m.content === 'string') return [];
  return m.content.filter((b) => b.type === 'tool_result');
}

/** Names of the tools offered in this request. */
export function toolNames(body: MessagesRequestBody): string[] {
  return (body.tools ?? []).map((t) => t.name);
}

/**
 * Whether the request comes from a subagent (Agent/Task tool). Claude Code 2.1.332 marks its
 * system prompt with `cc_is_subagent=true` (in the billing-header line) and offers fewer tools.
 * Scripts that need to be robust across CLI versions should also put a marker in the Agent
 * `prompt` and look for it with {@link firstUserText}.
 */
export function isSubagentRequest(body: MessagesRequestBody): boolean {
  return /cc_is_subagent=true/.test(systemText(body));
}

/**
 * Whether this is the CLI's compaction request (`/compact`): its last user message asks for a
 * summary of the conversation and no tools are in use.
 */
export function isCompactRequest(body: MessagesRequestBody): boolean {
  const text = lastUserText(body);
  return /summar/i.test(text) && /conversation/i.test(text);
}

// ---------------------------------------------------------------------------------------------
// Server
// ---------------------------------------------------------------------------------------------

export interface FakeAnthropic {
  /** `http://127.0.0.1:<port>` — use as `ANTHROPIC_BASE_URL`. */
  url: string;
  port: number;
  /** Every request received, in order. */
  requests: FakeRequest[];
  /** `/v1/messages` calls only, in order. */
  calls: MessagesCall[];
  /** Requests answered 404 (or with a handler failure): look here when a run misbehaves. */
  unexpected: FakeRequest[];
  close(): Promise<void>;
}

export interface FakeAnthropicOptions {
  /** Called with a line for every unexpected request or handler failure (default: none). */
  log?: (line: string) => void;
  /**
   * What the fake answers the CLI's request for a next-prompt suggestion with (sent after a
   * turn when the host asked for suggestions). Default: nothing, so the CLI suggests nothing.
   * Either way the request reaches neither the handler nor `calls`: scripts stay as they were.
   */
  suggestion?: string;
}

/** The CLI's side request for a suggested next prompt (not a turn of the conversation). */
export function isPromptSuggestionRequest(body: MessagesRequestBody): boolean {
  return /Reply with ONLY the suggestion, no quotes or explanation\.\s*$/.test(lastUserText(body));
}

interface SseEvent {
  event: string;
  data: unknown;
}

const FAKE_SIGNATURE = 'ZmFrZS1zaWduYXR1cmU=';

/** Splits `s` into at most `n` non-empty pieces on code-point boundaries. */
export function splitChunks(s: string, n: number): string[] {
  const cps = Array.from(s);
  if (cps.length === 0) return [''];
  const count = Math.max(1, Math.min(n, cps.length));
  const size = Math.ceil(cps.length / count);
  const out: string[] = [];
  for (let i = 0; i < cps.length; i += size) out.push(cps.slice(i, i + size).join(''));
  return out;
}

export async function startFakeAnthropic(
  handler: FakeHandler,
  options: FakeAnthropicOptions = {},
): Promise<FakeAnthropic> {
  const requests: FakeRequest[] = [];
  const calls: MessagesCall[] = [];
  const unexpected: FakeRequest[] = [];
  const log = options.log ?? (() => {});
  let msgSeq = 0;
  let toolSeq = 0;
  const nextMsgId = (): string => `msg_fake_${String(++msgSeq).padStart(4, '0')}`;
  const nextToolId = (): string => `toolu_fake_${String(++toolSeq).padStart(4, '0')}`;

  /** Resolves generated ids and defaults into a concrete message. */
  function materialize(reply: MessageReply, body: MessagesRequestBody) {
    const blocks = reply.blocks.map((b) =>
      b.type === 'tool_use' ? { ...b, id: b.id ?? nextToolId() } : b,
    );
    const hasTool = blocks.some((b) => b.type === 'tool_use');
    const outputTokens = reply.usage?.output_tokens ?? 7 + 5 * blocks.length;
    const usage: Usage = {
      input_tokens: reply.usage?.input_tokens ?? 100 + 10 * body.messages.length,
      output_tokens: outputTokens,
      cache_creation_input_tokens: reply.usage?.cache_creation_input_tokens ?? 0,
      cache_read_input_tokens: reply.usage?.cache_read_input_tokens ?? 0,
    };
    const content = blocks.map((b) => {
      if (b.type === 'text') return { type: 'text', text: b.text };
      if (b.type === 'thinking') {
        return { type: 'thinking', thinking: b.thinking, signature: b.signature ?? FAKE_SIGNATURE };
      }
      return { type: 'tool_use', id: b.id as string, name: b.name, input: b.input };
    });
    return {
      id: nextMsgId(),
      model: reply.model ?? body.model,
      blocks,
      content,
      stopReason: reply.stopReason ?? (hasTool ? 'tool_use' : 'end_turn'),
      usage,
    };
  }

  function sseEvents(m: ReturnType<typeof materialize>): SseEvent[] {
    const ev: SseEvent[] = [];
    ev.push({
      event: 'message_start',
      data: {
        type: 'message_start',
        message: {
          id: m.id,
          type: 'message',
          role: 'assistant',
          model: m.model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { ...m.usage, output_tokens: 1 },
        },
      },
    });
    m.blocks.forEach((b, index) => {
      if (b.type === 'text') {
        ev.push({
          event: 'content_block_start',
          data: { type: 'content_block_start', index, content_block: { type: 'text', text: '' } },
        });
        for (const piece of splitChunks(b.text, b.chunks ?? 3)) {
          ev.push({
            event: 'content_block_delta',
            data: {
              type: 'content_block_delta',
              index,
              delta: { type: 'text_delta', text: piece },
            },
          });
        }
      } else if (b.type === 'thinking') {
        ev.push({
          event: 'content_block_start',
          data: {
            type: 'content_block_start',
            index,
            content_block: { type: 'thinking', thinking: '', signature: '' },
          },
        });
        for (const piece of splitChunks(b.thinking, b.chunks ?? 3)) {
          ev.push({
            event: 'content_block_delta',
            data: {
              type: 'content_block_delta',
              index,
              delta: { type: 'thinking_delta', thinking: piece },
            },
          });
        }
        ev.push({
          event: 'content_block_delta',
          data: {
            type: 'content_block_delta',
            index,
            delta: { type: 'signature_delta', signature: b.signature ?? FAKE_SIGNATURE },
          },
        });
      } else {
        ev.push({
          event: 'content_block_start',
          data: {
            type: 'content_block_start',
            index,
            content_block: { type: 'tool_use', id: b.id, name: b.name, input: {} },
          },
        });
        for (const piece of splitChunks(JSON.stringify(b.input), b.chunks ?? 3)) {
          ev.push({
            event: 'content_block_delta',
            data: {
              type: 'content_block_delta',
              index,
              delta: { type: 'input_json_delta', partial_json: piece },
            },
          });
        }
      }
      ev.push({ event: 'content_block_stop', data: { type: 'content_block_stop', index } });
    });
    ev.push({
      event: 'message_delta',
      data: {
        type: 'message_delta',
        delta: { stop_reason: m.stopReason, stop_sequence: null },
        usage: { output_tokens: m.usage.output_tokens },
      },
    });
    ev.push({ event: 'message_stop', data: { type: 'message_stop' } });
    return ev;
  }

  const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

  async function sendMessage(
    res: http.ServerResponse,
    reply: MessageReply,
    body: MessagesRequestBody,
  ): Promise<void> {
    const m = materialize(reply, body);
    if (!body.stream) {
      const json = {
        id: m.id,
        type: 'message',
        role: 'assistant',
        model: m.model,
        content: m.content,
        stop_reason: m.stopReason,
        stop_sequence: null,
        usage: m.usage,
      };
      res.writeHead(200, {
        'content-type': 'application/json',
        'request-id': `req_${m.id}`,
        ...reply.headers,
      });
      res.end(JSON.stringify(json));
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'request-id': `req_${m.id}`,
      ...reply.headers,
    });
    let closed = false;
    res.on('close', () => {
      closed = true;
    });
    const events = sseEvents(m);
    const started = Date.now();
    for (let i = 0; i < events.length; i++) {
      if (i > 0 && reply.delayMs) await sleep(reply.delayMs);
      if (reply.eventsPerSecond) {
        const due = started + (i * 1000) / reply.eventsPerSecond - Date.now();
        if (due > 0) await sleep(due);
      }
      if (closed || res.destroyed) return;
      const e = events[i] as SseEvent;
      res.write(`event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`);
      reply.onSent?.(e.data);
    }
    res.end();
  }

  function sendError(res: http.ServerResponse, reply: ErrorReply): void {
    res.writeHead(reply.status, {
      'content-type': 'application/json',
      'request-id': 'req_fake_error',
      // Tell clients that do look at it not to retry.
      'x-should-retry': 'false',
    });
    res.end(
      JSON.stringify({ type: 'error', error: { type: reply.errorType, message: reply.message } }),
    );
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        let body: unknown;
        try {
          body = raw.length > 0 ? JSON.parse(raw) : undefined;
        } catch {
          body = undefined;
        }
        const url = req.url ?? '/';
        const path = url.split('?')[0] ?? url;
        const record: FakeRequest = {
          method: req.method ?? 'GET',
          url,
          path,
          headers: req.headers,
          body,
          at: Date.now(),
        };
        requests.push(record);

        if (record.method === 'POST' && path === '/v1/messages/count_tokens') {
          const n = raw.length > 0 ? Math.max(1, Math.round(raw.length / 4)) : 1;
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ input_tokens: n }));
          return;
        }
        if (record.method === 'POST' && path === '/v1/messages' && isMessagesBody(body)) {
          if (isPromptSuggestionRequest(body)) {
            await sendMessage(res, textReply(options.suggestion ?? ''), body);
            return;
          }
          const call: MessagesCall = { body, index: calls.length, request: record };
          calls.push(call);
          let reply: FakeReply;
          try {
            reply = await handler(call);
          } catch (err) {
            unexpected.push(record);
            log(`fake-anthropic: handler threw on call ${call.index}: ${String(err)}`);
            reply = errorReply(500, 'api_error', `fake-anthropic handler failed: ${String(err)}`);
          }
          if (reply.kind === 'error') sendError(res, reply);
          else await sendMessage(res, reply, body);
          return;
        }
        unexpected.push(record);
        log(`fake-anthropic: unexpected ${record.method} ${url} ${raw.slice(0, 200)}`);
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            type: 'error',
            error: { type: 'not_found_error', message: `fake-anthropic: no route ${path}` },
          }),
        );
      })().catch((err: unknown) => {
        log(`fake-anthropic: internal failure: ${String(err)}`);
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    calls,
    unexpected,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function isMessagesBody(b: unknown): b is MessagesRequestBody {
  return (
    typeof b === 'object' &&
    b !== null &&
    Array.isArray((b as { messages?: unknown }).messages) &&
    typeof (b as { model?: unknown }).model === 'string'
  );
}
