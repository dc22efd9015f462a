import { useEffect, useState } from 'react';
import type { HostApi } from '../../../../shared/host-api';
import type { ComboboxOption } from '../../ui/Combobox';

/** A pause in typing before the host is asked: one listing per word, not per key. */
const TYPING_PAUSE_MS = 150;

/**
 * The folders on `host` that start with the typed text (the home's when nothing is typed). The
 * host is connected to when the user enters the Folder field, the host's name typed by then
 * (ssh may ask then, as Connect would); the listings use that connection and never open one, so
 * a name changed afterwards is not connected to letter by letter. A host that cannot list them
 * offers none: the folder can still be typed.
 */
export function useRemoteFolders(api: HostApi, host: string | null, typed: string) {
  // The host connected to for completion, once it is.
  const [reached, setReached] = useState<string | null>(null);
  // Keyed by host, so another host's folders never show under this one.
  const [found, setFound] = useState<{ host: string; folders: string[] } | null>(null);

  useEffect(() => {
    if (!host || reached !== host) return;
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
  }, [api, host, typed, reached]);

  const options: ComboboxOption[] =
    host && found?.host === host
      ? found.folders.filter((folder) => folder !== typed).map((value) => ({ value }))
      : [];
  const wanted = () => {
    if (!host || reached === host) return;
    // Not connected: no completion; Connect says why.
    api.connectSshHost({ host }).then(
      () => setReached(host),
      () => undefined,
    );
  };
  return { options, wanted };
}
