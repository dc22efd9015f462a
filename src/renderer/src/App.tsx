import { useEffect, useState } from 'react';
import { errorMessage } from '../../shared/error-message';
import type { HostApi } from '../../shared/host-api';
import { appearanceSettings } from '../../shared/settings';
import type { WorkspaceState } from '../../shared/workspace-state';
import { AccessHelp } from './host/AccessHelp';
import { AppInfoContext, type AppInfo } from './host/app-info';
import type { ConnectionProblem } from './host/connect-host';
import { initialWorkspace } from './workspace/initial-state';
import { AppearanceContext, useDocumentTheme } from './ui/appearance';
import { isMacPlatform } from './ui/shortcuts';
import { Workspace } from './workspace/Workspace';

interface Started {
  info: AppInfo;
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
  const [settingsProblem, setSettingsProblem] = useState<string | null>(null);
  // Until the host answers: the system's colours and Tether's font, as without a settings file.
  const [appearance, setAppearance] = useState(() => appearanceSettings({}));
  useDocumentTheme(appearance.theme);

  useEffect(() => {
    if (!api) return;
    let live = true;
    const stop = api.onEvent('settingsChanged', ({ problem }) => {
      setSettingsProblem(problem);
      api.getAppInfo({}).then(
        (info) => live && setAppearance(info.appearance),
        // Without an answer the page keeps the look it has.
        () => undefined,
      );
    });
    Promise.all([api.getAppInfo({}), api.loadWorkspace({})]).then(
      ([info, saved]) => {
        setSettingsProblem(info.settingsProblem ?? null);
        setAppearance(info.appearance);
        setStarted({
          info,
          workspaceDir: info.workspaceDir,
          // The keys are those of the keyboard in front of the user: in browser mode the host
          // may be another kind of machine.
          isMac: isMacPlatform(navigator.platform),
          workspace: initialWorkspace(saved, info.workspaceDir),
        });
      },
      (failure: unknown) => setError(errorMessage(failure)),
    );
    return () => {
      live = false;
      stop();
    };
  }, [api]);

  if (problem === 'no-token' || problem === 'wrong-token') {
    return <AccessHelp wrongToken={problem === 'wrong-token'} />;
  }
  return (
    <>
      {problem === 'lost' && (
        // Over the workspace, not above it: the layout and every button stay where they were.
        <div className="banner banner-overlay" role="alert">
          The connection to Tether was lost. If Tether still runs, reload this page; if it stopped,
          start it again (npm start) and reload.{' '}
          <button type="button" onClick={() => window.location.reload()}>
            Reload
          </button>
        </div>
      )}
      {error && (
        <div className="banner" role="alert">
          Tether could not start: {error}
        </div>
      )}
      {settingsProblem && (
        <div className="banner" role="alert">
          {settingsProblem}
        </div>
      )}
      {api && started && (
        <AppInfoContext.Provider value={started.info}>
          <AppearanceContext.Provider value={appearance}>
            <Workspace
              api={api}
              workspaceDir={started.workspaceDir}
              isMac={started.isMac}
              initial={started.workspace}
            />
          </AppearanceContext.Provider>
        </AppInfoContext.Provider>
      )}
    </>
  );
}
