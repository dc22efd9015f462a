import { describe, expect, it } from 'vitest';
import { requestTarget } from './request-target';

describe('requestTarget', () => {
  it('reads the path and query of an origin-form target', () => {
    const url = requestTarget('/assets/a.js?x=1');
    expect(url?.pathname).toBe('/assets/a.js');
    expect(url?.searchParams.get('x')).toBe('1');
  });

  it('keeps paths that look like hosts on this server', () => {
    for (const raw of ['//%zz', '//evil.example/', '/@evil.example', '/\\evil', '/:99999']) {
      expect(requestTarget(raw)?.host).toBe('127.0.0.1');
    }
  });

  it('refuses, without throwing, the targets a browser never sends to its server', () => {
    for (const raw of [undefined, '', '*', 'http://127.0.0.1:99999/', 'http://[::1/', 'a:443']) {
      expect(requestTarget(raw)).toBeNull();
    }
  });
});
