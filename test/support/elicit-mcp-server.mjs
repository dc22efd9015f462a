#!/usr/bin/env node
/**
 * A tiny MCP server on stdio (newline-delimited JSON-RPC) for tests: its tools ask the client for
 * input with `elicitation/create` and return the client's answer as their result, so a test can
 * see what reached the server. No SDK: the few messages involved are written out here.
 *
 *   ask_details  — a form: name (string, required), email (format email), age (integer 0–150),
 *                  subscribe (boolean), plan (enum with enumNames)
 *   open_page    — URL mode: asks the user to open https://example.com/consent
 *
 * Each tool's result text is `ANSWER <the client's result as JSON>`.
 */
import { createInterface } from 'node:readline';

const FORM_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', description: 'Who you are', minLength: 2 },
    email: { type: 'string', title: 'Email', format: 'email' },
    age: { type: 'integer', title: 'Age', minimum: 0, maximum: 150 },
    subscribe: { type: 'boolean', title: 'Subscribe', default: false },
    plan: {
      type: 'string',
      title: 'Plan',
      enum: ['free', 'pro'],
      enumNames: ['Free', 'Pro'],
    },
  },
  required: ['name'],
};

const TOOLS = [
  {
    name: 'ask_details',
    description: 'Asks the user for their details.',
    inputSchema: { type: 'object', properties: {} },
  },
  {
    name: 'open_page',
    description: 'Asks the user to open a consent page.',
    inputSchema: { type: 'object', properties: {} },
  },
];

const pending = new Map();
let nextId = 1;

function write(message) {
  process.stdout.write(JSON.stringify(message) + '\n');
}

function ask(params) {
  const id = `srv-${nextId++}`;
  write({ jsonrpc: '2.0', id, method: 'elicitation/create', params });
  return new Promise((resolve) => pending.set(id, resolve));
}

async function callTool(id, name) {
  const params =
    name === 'open_page'
      ? {
          mode: 'url',
          message: 'Please confirm on the consent page.',
          url: 'https://example.com/consent',
          elicitationId: 'consent-1',
        }
      : { message: 'Please tell us about yourself.', requestedSchema: FORM_SCHEMA };
  const answer = await ask(params);
  write({
    jsonrpc: '2.0',
    id,
    result: { content: [{ type: 'text', text: `ANSWER ${JSON.stringify(answer)}` }] },
  });
}

createInterface({ input: process.stdin }).on('line', (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  if (message.method === undefined && pending.has(message.id)) {
    const resolve = pending.get(message.id);
    pending.delete(message.id);
    resolve(message.error ? { error: message.error } : message.result);
    return;
  }
  switch (message.method) {
    case 'initialize':
      write({
        jsonrpc: '2.0',
        id: message.id,
        result: {
          protocolVersion: message.params?.protocolVersion ?? '2025-06-18',
          capabilities: { tools: {} },
          serverInfo: { name: 'elicit', version: '1.0.0' },
        },
      });
      return;
    case 'tools/list':
      write({ jsonrpc: '2.0', id: message.id, result: { tools: TOOLS } });
      return;
    case 'tools/call':
      void callTool(message.id, message.params?.name);
      return;
    case 'ping':
      write({ jsonrpc: '2.0', id: message.id, result: {} });
      return;
    default:
      if (message.id !== undefined) {
        write({
          jsonrpc: '2.0',
          id: message.id,
          error: { code: -32601, message: `Method not found: ${message.method}` },
        });
      }
  }
});
