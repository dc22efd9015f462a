import { describe, expect, it } from 'vitest';
import { OutputRing } from './output-ring';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('OutputRing', () => {
  it('gives back everything while it fits', () => {
    const ring = new OutputRing(100);
    ring.push(bytes('café\r\n'));
    ring.push(bytes('\x1b[31mred\x1b[0m'));
    expect(ring.text()).toBe('café\r\n\x1b[31mred\x1b[0m');
  });

  it('drops the oldest output past its capacity, and starts the replay at a line', () => {
    const ring = new OutputRing(20);
    ring.push(bytes('first line\r\nsecond '));
    ring.push(bytes('half\r\nthird line\r\n'));
    ring.push(bytes('fourth line\r\n'));
    // The first batch went; the cut fell mid-line, so the replay starts at the next line.
    expect(ring.text()).toBe('third line\r\nfourth line\r\n');
  });

  it('keeps the newest batch even when it alone is over capacity', () => {
    const ring = new OutputRing(4);
    ring.push(bytes('old\n'));
    ring.push(bytes('0123456789\nlast'));
    expect(ring.text()).toBe('last');
  });
});
