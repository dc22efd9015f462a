#!/usr/bin/env node
/**
 * A plain MCP server on stdio (newline-delimited JSON-RPC) for tests: it offers the tools named on
 * its command line, each answering `<tool> ran`. No SDK: the few messages involved are written
 * out here.
 *
 *   node plain-mcp-server.mjs echo_one echo_two
 */
import { createInterface } from 'node:readline';

const tools = process.argv.slice(2).map((name) => ({
  name,
  description: `The test tool ${name}.`,
  inputSchema: { type: 'object', properties: {} },
}));

function write(message) {
  process.stdout.write(JSON.stringify(message) + '\n');
}

function answer(message) {
  switch (message.method) {
    case 'initialize':
      return {
        protocolVersion: message.params?.protocolVersion ?? '2025-06-18',
        capabilities: { tools: {} },
        serverInfo: { name: 'plain', version: '1.0.0' },
      };
    case 'tools/list':
      return { tools };
    case 'tools/call':
      return { content: [{ type: 'text', text: `${message.params?.name} ran` }] };
    case 'ping':
      return {};
    default:
      return undefined;
  }
}

createInterface({ input: process.stdin }).on('line', (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  if (message.id === undefined) return;
  const result = answer(message);
  write(
    result === undefined
      ? {
          jsonrpc: '2.0',
          id: message.id,
          error: { code: -32601, message: `Method not found: ${message.method}` },
        }
      : { jsonrpc: '2.0', id: message.id, result },
  );
});
