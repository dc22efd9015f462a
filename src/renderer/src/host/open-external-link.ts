import type { HostApi } from '../../../shared/host-api';
import { safeExternalUrl } from '../../../shared/external-url';

/**
 * Opens a link (from model output or terminal text) outside Tether: only a checked http(s) URL, through the host
 * (which validates it again); in browser mode the host cannot, so the page opens a new tab.
 */
export function openExternalLink(api: HostApi, url: string): Promise<void> {
  const safe = safeExternalUrl(url);
  if (!safe) return Promise.resolve();
  return api.openExternal({ url: safe }).then(({ opened }) => {
    if (!opened) window.open(safe, '_blank', 'noopener,noreferrer');
  });
}
