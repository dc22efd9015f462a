import { describe, expect, it } from 'vitest';
import { WebAccess } from './web-access';

const access = new WebAccess('s3cret-token', 4000);
const headers = (extra: Record<string, string> = {}) => ({ host: '127.0.0.1:4000', ...extra });

describe('WebAccess', () => {
  it('lets in the right token, and only the right one', () => {
    expect(access.checkToken('s3cret-token', headers())).toEqual({ ok: true });
    for (const token of [null, undefined, '', 's3cret', 's3cret-token-and-more', 'S3CRET-TOKEN']) {
      expect(access.checkToken(token, headers())).toEqual({
        ok: false,
        reason: 'missing or wrong token',
      });
    }
  });

  it('never reads a token from a cookie', () => {
    expect(access.checkToken(null, headers({ cookie: 'tether-4000=s3cret-token' })).ok).toBe(false);
  });

  it('refuses a foreign Origin or Host even with the token', () => {
    expect(access.checkToken('s3cret-token', headers({ origin: 'http://evil.example' }))).toEqual({
      ok: false,
      reason: 'foreign origin http://evil.example',
    });
    // Another port on 127.0.0.1 is another origin.
    expect(access.checkToken('s3cret-token', headers({ origin: 'http://127.0.0.1:4001' })).ok).toBe(
      false,
    );
    expect(access.checkToken('s3cret-token', { host: 'evil.example:4000' }).ok).toBe(false);
    expect(access.checkOrigin({}).ok).toBe(false);
    expect(access.checkOrigin(headers({ origin: 'http://localhost:4000' })).ok).toBe(true);
    expect(access.checkOrigin({ host: 'localhost:4000' }).ok).toBe(true);
  });
});
