/**
 * The `--mcp-config` that starts the test MCP server which elicits (`elicit-mcp-server.mjs`), for
 * the recorder, session tests and browser tests alike. No vitest imports, and `__dirname` rather
 * than `import.meta`: Playwright loads it as CommonJS.
 */
import path from 'node:path';

const SERVER = path.join(__dirname, 'elicit-mcp-server.mjs');

export function elicitMcpConfig(): Record<string, unknown> {
  return { mcpServers: { elicit: { command: process.execPath, args: [SERVER] } } };
}
