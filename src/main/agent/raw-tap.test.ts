import { describe, expect, it } from 'vitest';
import { isVisibleText, RawRing } from './raw-tap';

describe('RawRing', () => {
  it('keeps everything while under capacity', () => {
    const ring = new RawRing(16);
    ring.append(Buffer.from('abc'));
    ring.append(Buffer.from('def'));
    expect(ring.snapshot().toString()).toBe('abcdef');
  });

  it('keeps the newest bytes once over capacity', () => {
    const ring = new RawRing(8);
    for (const part of ['0123', '4567', '89ab']) ring.append(Buffer.from(part));
    expect(ring.snapshot().toString()).toBe('456789ab');
    expect(ring.byteLength).toBe(8);
    ring.append(Buffer.from('this chunk alone is larger'));
    expect(ring.snapshot().toString()).toBe('s larger');
  });

  it('copies what it keeps (the caller may reuse its buffer)', () => {
    const ring = new RawRing(8);
    const buf = Buffer.from('abcd');
    ring.append(buf);
    buf.fill(0);
    expect(ring.snapshot().toString()).toBe('abcd');
  });
});

describe('isVisibleText', () => {
  it('ignores blank lines and bare terminal escapes', () => {
    expect(isVisibleText('')).toBe(false);
    expect(isVisibleText('  \t')).toBe(false);
    expect(isVisibleText('\x1b[?25h\x1b[0m')).toBe(false);
    expect(isVisibleText('\x1b[31mError: not logged in\x1b[0m')).toBe(true);
  });
});
