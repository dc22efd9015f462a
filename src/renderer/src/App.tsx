import { useEffect, useState } from 'react';
import type { HostApi } from '../../shared/host-api';
import type { WorkspaceState } from '../../shared/workspace-state';
import { initialWorkspace } from './workspace/initial-state';
import { isMacPlatform } from './workspace/shortcuts';
import { Workspace } from './workspace/Workspace';

interface Started {
  workspaceDir: string;
  isMac: boolean;
  workspace: WorkspaceState;
}

export function App({ api, disconnected }: { api: HostApi; disconnected: boolean }) {
  const [started, setStarted] = useState<Started | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
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

  return (
    <>
      {disconnected && (
        <div className="banner" role="alert">
          The connection to Tether was lost. Restart it and reload this page.
        </div>
      )}
      {error && (
        <div className="banner" role="alert">
          Tether could not start: {error}
        </div>
      )}
      {started && (
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
