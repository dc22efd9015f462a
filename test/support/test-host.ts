/**
 * A real Host whose state stays under `dir`, a throwaway folder: its workspace file, its agents'
 * logs (else they would go to the user's config folder) and its shells' HOME. Its shell is a plain
 * /bin/sh with a `$ ` prompt, and it logs nowhere unless given `log`. `options` adds or replaces
 * what a test exercises.
 */
import { join } from 'node:path';
import { Host, type HostOptions } from '../../src/main/host/host';
import { JsonFile } from '../../src/main/host/json-file';
import { workspaceStateSchema } from '../../src/shared/workspace-state';

export function testHost(dir: string, options: Partial<HostOptions> = {}): Host {
  const log = options.log ?? (() => {});
  return new Host({
    workspaceDir: dir,
    shell: { file: '/bin/sh', args: [] },
    env: { PATH: process.env['PATH'], HOME: dir, PS1: '$ ' },
    workspace: new JsonFile(join(dir, 'workspace.json'), workspaceStateSchema, log),
    agentLogDir: join(dir, 'agents'),
    log,
    ...options,
  });
}
