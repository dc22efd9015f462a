// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { takeTabToken } from './tab-token';

beforeEach(() => {
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('takeTabToken', () => {
  it('moves the token from the address into the tab, keeping the rest of the address', () => {
    window.history.replaceState(null, '', '/?file=a&token=t0ken#x');
    expect(takeTabToken(window)).toBe('t0ken');
    expect(window.location.search).toBe('?file=a');
    expect(window.location.hash).toBe('#x');
    expect(document.cookie).toBe('');
  });

  it('finds it again after a reload of the bare address', () => {
    window.history.replaceState(null, '', '/?token=t0ken');
    takeTabToken(window);
    window.history.replaceState(null, '', '/');
    expect(takeTabToken(window)).toBe('t0ken');
  });

  it('has none for a bare address in a new tab, and a new address wins over the old token', () => {
    expect(takeTabToken(window)).toBeNull();
    window.history.replaceState(null, '', '/?token=old');
    takeTabToken(window);
    window.history.replaceState(null, '', '/?token=new');
    expect(takeTabToken(window)).toBe('new');
  });

  it('keeps the token in the address when storage is refused', () => {
    window.history.replaceState(null, '', '/?token=t0ken');
    const refusing = {
      location: window.location,
      history: window.history,
      get sessionStorage(): Storage {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(takeTabToken(refusing)).toBe('t0ken');
    expect(window.location.search).toBe('?token=t0ken');
  });
});
