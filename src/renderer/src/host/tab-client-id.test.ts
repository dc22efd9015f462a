// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { tabClientId } from './tab-client-id';

beforeEach(() => window.sessionStorage.clear());

/** What the browser does to the tab's storage when the page goes away (a reload, a close). */
const leave = () => window.dispatchEvent(new Event('pagehide'));

describe('tabClientId', () => {
  it('is the same after a reload of the tab, in the form the server accepts', () => {
    const first = tabClientId(window);
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    leave();
    expect(tabClientId(window)).toBe(first);
  });

  it('is a new one for a duplicated tab, whose copy of the storage is still in use', () => {
    const original = tabClientId(window);
    // Duplicating copies sessionStorage while the original page is still open.
    expect(tabClientId(window)).not.toBe(original);
  });

  it('is none when storage is refused', () => {
    const refusing = {
      crypto: window.crypto,
      addEventListener: window.addEventListener.bind(window),
      get sessionStorage(): Storage {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(tabClientId(refusing)).toBeUndefined();
  });
});
