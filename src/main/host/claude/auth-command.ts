import { execFile } from 'node:child_process';
import { launchCommand, readTextFile } from '../../agent/claude-launch';
import { locateClaude } from '../../agent/claude-locator';
import { isExecutableFile } from '../../platform/executables';

export interface AuthCommandContext {
  /** The environment the block's CLI runs with: its API key, `CLAUDE_CONFIG_DIR`, … */
  env: NodeJS.ProcessEnv;
  /** The block's folder: its project settings may name an `apiKeyHelper`. */
  cwd: string;
  /** The user's `claudePath` setting. */
  claudePath?: string | undefined;
}

/** Ample for `auth status`; `auth logout` also asks Anthropic to revoke the login, and waits. */
const AUTH_TIMEOUT_MS = 30_000;

/**
 * Runs `claude auth <args>` (status, logout) as the block's CLI would run: the same binary, its
 * environment and folder. Resolves with its output whatever its exit code (`auth status` exits 1
 * when logged out); rejects when it cannot run or does not end.
 */
export async function runClaudeAuth(
  args: string[],
  context: AuthCommandContext,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { env, cwd } = context;
  const platform = process.platform;
  const { path } = await locateClaude({
    env,
    platform,
    isExecutable: isExecutableFile,
    setting: context.claudePath,
  });
  const command = launchCommand(path, ['auth', ...args], {
    env,
    platform,
    isExecutable: isExecutableFile,
    readFile: readTextFile,
  });
  return new Promise((resolve, reject) => {
    execFile(
      command.file,
      command.args,
      {
        cwd,
        env,
        timeout: AUTH_TIMEOUT_MS,
        windowsHide: true,
        ...(command.windowsVerbatimArguments ? { windowsVerbatimArguments: true } : {}),
      },
      (error, stdout, stderr) => {
        const code = error ? error.code : 0;
        if (typeof code !== 'number') {
          reject(new Error(`claude auth ${args[0]} did not run: ${error?.message ?? ''}`.trim()));
          return;
        }
        resolve({ code, stdout, stderr });
      },
    );
  });
}
