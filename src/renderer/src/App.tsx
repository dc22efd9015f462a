import { useEffect, useState } from 'react';
import type { HostApi } from '../../shared/host-api';
import type { WorkspaceState } from '../../shared/workspace-state';
import { AccessHelp } from './host/AccessHelp';
import type { ConnectionProblem } from './host/connect-host';
import { initialWorkspace } from './workspace/initial-state';
import { isMacPlatform } from './workspace/shortcuts';
import { Workspace } from './workspace/Workspace';

interface Started {
  workspaceDir: string;
  isMac: boolean;
  workspace: WorkspaceState;
}

interface AppProps {
  /** Null when browser mode has no token to connect with. */
  api: HostApi | null;
  problem: ConnectionProblem | null;
}

export function App({ api, problem }: AppProps) {
  const [started, setStarted] = useState<Started | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!api) return;
    Promise.all([api.getAppInfo({}), api.loadWorkspace({})]).then(
      ([info, saved]) =>
        setStarted({
          workspaceDir: info.workspaceDir,
          isMac: isMacPlatform(info.platform),
          workspace: initialWorkspace(saved, info.workspaceDir),
        }),
      (failure: Error) => setError(failure.message),
    );
  }, [api]);

  if (problem === 'no-token' || problem === 'wrong-token') {
    return <AccessHelp wrongToken={problem === 'wrong-token'} />;
  }
  return (
    <>
      {problem === 'lost' && (
        <div className="banner" role="alert">
          The connection to Tether was lost. Restart it and reload this page.
        </div>
      )}
      {error && (
        <div className="banner" role="alert">
          Tether could not start: {error}
        </div>
      )}
      {api && started && (
        <Workspace
          api={api}
          workspaceDir={started.workspaceDir}
          isMac={started.isMac}
          initial={started.workspace}
        />
      )}
    </>
  );
}
