import { useEffect, useRef } from 'react';
import type { HostApi } from '../../../../shared/host-api';
import { AgentLink, type AgentLinkOptions } from './agent-link';
import type { AgentStore } from './model/agent-store';

/**
 * Holds the block's AgentLink while the block is mounted. An unmount (the user closed the block; a
 * reload or quit runs no cleanup) ends the session but keeps its history, for "Reopen closed
 * block": the workspace has the host forget it once the block can no longer come back. The close
 * waits one task so that React's development re-run of effects, which unmounts and mounts again
 * at once, keeps the session instead.
 */
export function useAgentLink(
  api: HostApi,
  agentId: string,
  store: AgentStore,
  options: AgentLinkOptions,
): React.RefObject<AgentLink | null> {
  const link = useRef<AgentLink | null>(null);
  const closing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    clearTimeout(closing.current);
    let held = link.current;
    if (!held || held.api !== api || held.agentId !== agentId || held.store !== store) {
      held?.close();
      held = new AgentLink(api, agentId, store, {
        cwd: latest.current.cwd,
        ...(latest.current.host ? { host: latest.current.host } : {}),
        resumeSessionId: () => latest.current.resumeSessionId(),
        forkSession: () => latest.current.forkSession?.() ?? false,
        resumeAt: () => latest.current.resumeAt?.(),
        onError: (message, failure) => latest.current.onError(message, failure),
      });
      link.current = held;
      held.open();
    }
    const current = held;
    return () => {
      closing.current = setTimeout(() => {
        current.close();
        if (link.current === current) link.current = null;
      }, 0);
    };
  }, [api, agentId, store]);

  return link;
}
