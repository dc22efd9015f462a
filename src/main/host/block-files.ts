import { localFiles, type Files } from '../git/git';
import { RemoteFiles, type RemoteCommands } from '../git/remote-files';
import type { AgentRegistry } from './agent-registry';
import type { LaunchContext } from './launch-context';

/** The files on `host`, over its shared ssh connection. */
export function remoteFiles(host: string, remote: RemoteCommands | undefined): RemoteFiles {
  if (!remote) throw new Error(`this Tether cannot reach the files on ${host}`);
  return new RemoteFiles(host, remote);
}

/** The files on `host` when one is named, else this machine's (git on the user's PATH). */
export async function filesOn(
  host: string | undefined,
  remote: RemoteCommands | undefined,
  launch: LaunchContext,
): Promise<Files> {
  return host ? remoteFiles(host, remote) : localFiles(await launch.environment());
}

/**
 * The host an agent block works on. A block that is not open has only its log left, which does
 * not say: its files are taken to be this machine's, as before blocks could work elsewhere.
 */
export function agentHost(agents: AgentRegistry, agentId: string): string | undefined {
  try {
    return agents.location(agentId).host;
  } catch {
    return undefined;
  }
}
