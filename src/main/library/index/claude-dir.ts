import path from 'node:path';

/**
 * The folder the Claude Code CLI keeps its state in: `CLAUDE_CONFIG_DIR` when set (the CLI honours
 * it on every platform), else `.claude` in the home folder. Joined with the target platform's own
 * separator, so a Windows home is never given a `/`.
 */
export function claudeConfigDir(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform,
  home: string,
): string {
  const configured = env['CLAUDE_CONFIG_DIR'];
  if (configured) return configured;
  return (platform === 'win32' ? path.win32 : path.posix).join(home, '.claude');
}
