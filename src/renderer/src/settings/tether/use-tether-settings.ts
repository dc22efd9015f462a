import { useCallback, useEffect, useRef, useState } from 'react';
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
  const live = useRef(true);

  const load = useCallback(
    () =>
      void api.getTetherSettings({}).then(
        (answer) => live.current && setFile(answer),
        (failure: unknown) => live.current && setError(failureReason(failure)),
      ),
    [api],
  );

  useEffect(() => {
    live.current = true;
    load();
    const stop = api.onEvent('settingsChanged', load);
    return () => {
      live.current = false;
      stop();
    };
  }, [api, load]);

  const change = useCallback(
    (changes: Settings) => {
      // Shown at once, as a control does when used; the host's answer then says what was saved.
      setFile((shown) => shown && { ...shown, settings: { ...shown.settings, ...changes } });
      api.changeTetherSettings({ changes }).then(
        (answer) => {
          if (!live.current) return;
          setFile(answer);
          setError(null);
        },
        (failure: unknown) => {
          if (!live.current) return;
          setError(failureReason(failure));
          // Refused: back to what the file says.
          load();
        },
      );
    },
    [api, load],
  );

  return { file, error, change };
}
