const idKey = 'tether-client-id';
const inUseKey = 'tether-client-in-use';

type Tab = Pick<Window, 'sessionStorage' | 'crypto' | 'addEventListener'>;

/**
 * Browser mode's id for this tab, which the host knows it by across reloads: a reloaded page gets
 * back the shells and agents the one before it left. It lives in the tab's sessionStorage. A
 * duplicated tab copies that storage while the original is still open, so an id is marked in use
 * until its page goes away (`pagehide`, which a reload fires too): a page that finds its id still
 * in use takes a new one rather than the other tab's shells.
 */
export function tabClientId(tab: Tab): string | undefined {
  try {
    const storage = tab.sessionStorage;
    let id = storage.getItem(idKey);
    if (id === null || storage.getItem(inUseKey) !== null) {
      id = newId(tab.crypto);
      storage.setItem(idKey, id);
    }
    storage.setItem(inUseKey, 'yes');
    tab.addEventListener('pagehide', () => storage.removeItem(inUseKey));
    // A page back from the back/forward cache is in use again.
    tab.addEventListener('pageshow', () => storage.setItem(inUseKey, 'yes'));
    return id;
  } catch {
    // Storage refused: the page still works, its shells just end with it.
    return undefined;
  }
}

function newId(crypto: Crypto): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
