import { describe, expect, it } from 'vitest';
import { isReachable } from './window-bounds';

const laptop = { x: 0, y: 0, width: 1440, height: 900 };
const monitor = { x: 1440, y: 0, width: 2560, height: 1440 };

describe('isReachable', () => {
  it('keeps bounds that show on a display', () => {
    expect(isReachable({ x: 100, y: 100, width: 800, height: 600 }, [laptop])).toBe(true);
    expect(isReachable({ x: 2000, y: 200, width: 800, height: 600 }, [laptop, monitor])).toBe(true);
  });

  it('drops bounds on an unplugged monitor or with only a sliver showing', () => {
    expect(isReachable({ x: 2000, y: 200, width: 800, height: 600 }, [laptop])).toBe(false);
    expect(isReachable({ x: 1400, y: 200, width: 800, height: 600 }, [laptop])).toBe(false);
  });
});
