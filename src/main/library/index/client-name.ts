/**
 * Which client wrote a session, for people: the CLI records its `entrypoint` in every entry.
 * Headless runs (`claude -p`, which is how Tether runs agents, and the Agent SDKs) all say
 * `sdk-*`. An entrypoint not known here is shown as it is.
 */
const NAMES: Record<string, string> = {
  cli: 'CLI',
  'claude-vscode': 'VS Code',
  'claude-desktop': 'Desktop app',
  'sdk-cli': 'Headless (claude -p)',
  'sdk-ts': 'Agent SDK',
  'sdk-py': 'Agent SDK',
  'claude-code-github-action': 'GitHub Action',
  mcp: 'MCP server',
};

export function clientName(entrypoint: string | null): string | null {
  if (entrypoint === null) return null;
  if (entrypoint.startsWith('remote')) return 'Web';
  return NAMES[entrypoint] ?? entrypoint;
}
