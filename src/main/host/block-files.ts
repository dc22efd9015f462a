import { localFiles, type Files } from '../git/git';
import { RemoteFiles, type RemoteCommands } from '../git/remote-files';
import type { AgentRegistry } from './agent-registry';
import type { LaunchContext } from './launch-context';

/** The files on `host` when one is named, else this machine's (git on the user's PATH). */
export async function filesOn(
  host: string | undefined,
  remote: RemoteCommands,
  launch: LaunchContext,
): Promise<Files> {
  return host ? new RemoteFiles(host, remote) : localFiles(await launch.environment());
}

/**
 * The host an agent block works on, also once its session is closed (see `placeOf`); a block
 * this host never opened has only its log, which does not say, and is taken to be local.
 */
export function agentHost(agents: AgentRegistry, agentId: string): string | undefined {
  return agents.placeOf(agentId)?.host;
}
