import { describe, expect, it } from 'vitest';
import { WebAccess } from './web-access';

const access = new WebAccess('s3cret-token', 4000);
const at = (path: string) => new URL(path, 'http://127.0.0.1:4000');
const headers = (extra: Record<string, string> = {}) => ({ host: '127.0.0.1:4000', ...extra });

describe('WebAccess', () => {
  it('lets in the right token from the query or the session cookie', () => {
    expect(access.check(at('/?token=s3cret-token'), headers())).toEqual({
      ok: true,
      viaQuery: true,
    });
    const cookie = access.sessionCookie().split(';')[0]!;
    expect(access.check(at('/assets/a.js'), headers({ cookie: `other=1; ${cookie}` }))).toEqual({
      ok: true,
      viaQuery: false,
    });
  });

  it('refuses a missing, wrong or prefix token', () => {
    for (const path of ['/', '/?token=', '/?token=s3cret', '/?token=s3cret-token-and-more']) {
      expect(access.check(at(path), headers()).ok).toBe(false);
    }
    expect(access.check(at('/'), headers({ cookie: 'tether-4000=wrong' })).ok).toBe(false);
    // A cookie for another port's Tether is not ours.
    expect(access.check(at('/'), headers({ cookie: 'tether-4001=s3cret-token' })).ok).toBe(false);
  });

  it('refuses a foreign Origin or Host even with the token', () => {
    const url = at('/?token=s3cret-token');
    expect(access.check(url, headers({ origin: 'http://evil.example' }))).toEqual({
      ok: false,
      reason: 'foreign origin http://evil.example',
    });
    expect(access.check(url, headers({ origin: 'http://127.0.0.1:4001' })).ok).toBe(false);
    expect(access.check(url, { host: 'evil.example:4000' }).ok).toBe(false);
    expect(access.check(url, {}).ok).toBe(false);
    expect(access.check(url, headers({ origin: 'http://localhost:4000' })).ok).toBe(true);
  });
});
