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

  it('replays on the alternate screen when a full-screen program entered it before the kept output', () => {
    const ring = new OutputRing(20);
    ring.push(bytes('$ vi\r\n\x1b[?1049h\x1b[Hfile'));
    ring.push(bytes('\x1b[2;1Hchanged line\r\n'));
    ring.push(bytes('status\r\n\x1b[3;1Hanother'));
    // The switch went with the oldest batches: the replay switches again before the changes.
    expect(ring.text()).toBe('\x1b[?1049h\x1b[3;1Hanother');
    expect(ring.alternateScreen).toBe(true);
  });

  it('knows when the program has left the alternate screen, by any of its three modes', () => {
    const ring = new OutputRing(10);
    ring.push(bytes('\x1b[?1049h\x1b[?25lscreen'));
    expect(ring.alternateScreen).toBe(true);
    ring.push(bytes('\x1b[?1049l$ \r\n'));
    expect(ring.alternateScreen).toBe(false);
    ring.push(bytes('\x1b[?47hold-style\r\n'));
    expect(ring.alternateScreen).toBe(true);
    // Left in the line the replay skips (it starts at a line): still left.
    ring.push(bytes('x\x1b[?1047l\r\n$ done'));
    expect(ring.alternateScreen).toBe(false);
    expect(ring.text()).toBe('$ done');
  });
});
