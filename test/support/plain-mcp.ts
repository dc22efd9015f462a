/**
 * MCP server configurations for tests that start the plain stdio test server
 * (`plain-mcp-server.mjs`) with the tools they name, and one that cannot start. No vitest imports,
 * and `__dirname` rather than `import.meta`: Playwright loads it as CommonJS.
 */
import path from 'node:path';

export const PLAIN_MCP_SERVER = path.join(__dirname, 'plain-mcp-server.mjs');

/** A stdio server (as `~/.claude.json` or `.mcp.json` hold it) offering `tools`. */
export function plainMcpServer(...tools: string[]): { command: string; args: string[] } {
  return { command: process.execPath, args: [PLAIN_MCP_SERVER, ...tools] };
}

/** A stdio server whose command exits at once: the CLI reports it failed ("Connection closed"). */
export function exitingMcpServer(): { command: string; args: string[] } {
  return { command: process.execPath, args: ['-e', 'process.exit(3)'] };
}
