import { useEffect, useState } from 'react';
import type { HostApi } from '../../../../shared/host-api';
import type { ComboboxOption } from '../../ui/Combobox';

/** A pause in typing before the host is asked: one listing per word, not per key. */
const TYPING_PAUSE_MS = 150;

/**
 * The folders on `host` that start with the typed text (the home's when nothing is typed), asked
 * for once the user is in the Folder field. A host that cannot list them offers none: the
 * folder can still be typed.
 */
export function useRemoteFolders(api: HostApi, host: string | null, typed: string) {
  const [wanted, setWanted] = useState(false);
  // Keyed by host, so another host's folders never show under this one.
  const [found, setFound] = useState<{ host: string; folders: string[] } | null>(null);

  useEffect(() => {
    if (!wanted || !host) return;
    let current = true;
    const timer = setTimeout(() => {
      const prefix = typed.trim() || '~/';
      api.listRemoteFolders({ host, prefix }).then(
        ({ folders }) => current && setFound({ host, folders }),
        () => current && setFound({ host, folders: [] }),
      );
    }, TYPING_PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, host, typed, wanted]);

  const options: ComboboxOption[] =
    host && found?.host === host
      ? found.folders.filter((folder) => folder !== typed).map((value) => ({ value }))
      : [];
  return { options, wanted: () => setWanted(true) };
}
