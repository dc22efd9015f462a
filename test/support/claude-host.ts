/**
 * A Host whose agents run the real CLI against a fake Messages API, with its state (workspace
 * file, agent logs, HOME) under `dir`.
 */
import { join } from 'node:path';
import { Host, type HostOptions } from '../../src/main/host/host';
import { JsonFile } from '../../src/main/host/json-file';
import { workspaceStateSchema } from '../../src/shared/workspace-state';
import { CLAUDE_BIN, claudeEnv } from './claude-cli';

export function claudeHost(dir: string, apiUrl: string, options: Partial<HostOptions> = {}): Host {
  return new Host({
    workspaceDir: dir,
    shell: { file: '/bin/sh', args: [] },
    workspace: new JsonFile(join(dir, 'workspace.json'), workspaceStateSchema, () => {}),
    agentLogDir: join(dir, 'agents'),
    agentEnv: { ...claudeEnv(join(dir, 'home'), apiUrl), TETHER_CLAUDE: CLAUDE_BIN },
    log: () => {},
    ...options,
  });
}
