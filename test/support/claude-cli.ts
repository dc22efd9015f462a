/**
 * How tests start the real Claude Code CLI (the pinned dev dependency) headless against the fake
 * Messages API. No vitest imports: plain scripts use it too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { HEADLESS_ARGS } from '../../src/main/agent/agent-session';

/**
 * Repository root (two levels above this file): `__dirname` rather than `import.meta`, since
 * Playwright loads this file as CommonJS (through the remote specs' ssh server).
 */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** The CLI binary: `$CLAUDE_BIN` if set, else `node_modules/.bin/claude` of this repo. */
export const CLAUDE_BIN =
  process.env.CLAUDE_BIN ?? path.join(REPO_ROOT, 'node_modules', '.bin', 'claude');

/** The headless stream-json flags (docs/protocol.md), the app's own. Append `--max-turns`, … */
export const CLAUDE_ARGS: readonly string[] = HEADLESS_ARGS;

/** The version string of the pinned CLI package (from its package.json), e.g. `2.1.332`. */
export function claudePackageVersion(): string {
  const pkg = path.join(REPO_ROOT, 'node_modules', '@anthropic-ai', 'claude-code', 'package.json');
  return (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string }).version;
}

/**
 * The environment for one CLI run: only PATH (and SHELL, LANG) are inherited, so no real
 * credentials or user settings leak in. `home` must be a throwaway directory; `TMPDIR` is set to
 * `<home>/tmp` (created here), because the CLI otherwise leaves task output files and sockets in
 * `/tmp/claude-<uid>/` and `/tmp/cc-socks/`.
 */
export function claudeEnv(
  home: string,
  baseUrl: string,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: home,
    USERPROFILE: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_CACHE_HOME: path.join(home, '.cache'),
    XDG_DATA_HOME: path.join(home, '.local', 'share'),
    TMPDIR: path.join(home, 'tmp'),
    LANG: process.env.LANG ?? 'C.UTF-8',
    SHELL: process.env.SHELL ?? '/bin/bash',
    TERM: 'dumb',
    ANTHROPIC_BASE_URL: baseUrl,
    ANTHROPIC_API_KEY: 'sk-test',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
  };
  fs.mkdirSync(path.join(home, 'tmp'), { recursive: true });
  return { ...env, ...extra };
}
