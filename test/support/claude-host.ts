/**
 * A Host whose agents run the real CLI against a fake Messages API, with its state (workspace
 * file, agent logs, HOME) under `dir`.
 */
import { join } from 'node:path';
import type { Host, HostOptions } from '../../src/main/host/host';
import { CLAUDE_BIN, claudeEnv } from './claude-cli';
import { testHost } from './test-host';

/** The environment the host's agents get: the pinned CLI, talking to `apiUrl`. */
export function claudeAgentEnv(dir: string, apiUrl: string): NodeJS.ProcessEnv {
  return { ...claudeEnv(join(dir, 'home'), apiUrl), TETHER_CLAUDE: CLAUDE_BIN };
}

export function claudeHost(dir: string, apiUrl: string, options: Partial<HostOptions> = {}): Host {
  return testHost(dir, { agentEnv: claudeAgentEnv(dir, apiUrl), ...options });
}

/**
 * A claudeHost with a session library, which reads the Claude folder its CLIs write
 * (`<dir>/home/.claude`), as on a user's machine.
 */
export function claudeLibraryHost(dir: string, apiUrl: string): Host {
  const env = { ...claudeAgentEnv(dir, apiUrl), CLAUDE_CONFIG_DIR: join(dir, 'home', '.claude') };
  return testHost(dir, {
    agentEnv: env,
    environment: Promise.resolve(env),
    libraryIndexDir: join(dir, 'library'),
  });
}
