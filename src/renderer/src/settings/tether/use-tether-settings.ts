import { useCallback, useEffect, useState } from 'react';
import type { RequestResult } from '../../../../shared/contract/host';
import { failureReason, type HostApi } from '../../../../shared/host-api';
import type { Settings } from '../../../../shared/settings';

export type TetherSettingsFile = RequestResult<'getTetherSettings'>;

export interface TetherSettingsModel {
  /** The settings file as the host read it last; null until it has answered. */
  file: TetherSettingsFile | null;
  /** Why the last change (or the reading) failed, in one line; null once one succeeds. */
  error: string | null;
  /** Writes `changes` to the file (null: back to the default); the host checks them first. */
  change(changes: Settings): void;
}

/** The settings file for "Tether settings", followed as it changes (here or in an editor). */
export function useTetherSettings(api: HostApi): TetherSettingsModel {
  const [file, setFile] = useState<TetherSettingsFile | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const load = () =>
      void api.getTetherSettings({}).then(
        (answer) => live && setFile(answer),
        (failure: unknown) => live && setError(failureReason(failure)),
      );
    load();
    const stop = api.onEvent('settingsChanged', load);
    return () => {
      live = false;
      stop();
    };
  }, [api]);

  const change = useCallback(
    (changes: Settings) =>
      void api.changeTetherSettings({ changes }).then(
        (answer) => {
          setFile(answer);
          setError(null);
        },
        (failure: unknown) => setError(failureReason(failure)),
      ),
    [api],
  );

  return { file, error, change };
}
