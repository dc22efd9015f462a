const storageKey = 'tether-token';

type Tab = Pick<Window, 'location' | 'history' | 'sessionStorage'>;

/**
 * Browser mode's token for this tab. It arrives in the address Tether printed, moves into the
 * tab's sessionStorage (so a reload keeps working) and leaves the address bar. It never becomes a
 * cookie: cookies ignore ports, so every other server on 127.0.0.1 would receive it, while
 * sessionStorage belongs to this origin, port included, and to this tab.
 */
export function takeTabToken(tab: Tab): string | null {
  const url = new URL(tab.location.href);
  const fromUrl = url.searchParams.get('token');
  try {
    if (fromUrl !== null) {
      tab.sessionStorage.setItem(storageKey, fromUrl);
      url.searchParams.delete('token');
      tab.history.replaceState(tab.history.state, '', url);
    }
    return tab.sessionStorage.getItem(storageKey);
  } catch {
    // Storage refused (a locked-down browser): the address keeps the token, so a reload still works.
    return fromUrl;
  }
}
