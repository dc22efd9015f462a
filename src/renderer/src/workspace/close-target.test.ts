import { describe, expect, it } from 'vitest';
import { closeTarget } from './use-close-guard';

describe('closeTarget', () => {
  const order = ['a', 'b', 'c'];

  it('is the block asked for while no close of it is under way', () => {
    expect(closeTarget(order, new Set(), 'b')).toBe('b');
  });

  it('moves on as the focus will: to the next block, else the one before', () => {
    expect(closeTarget(order, new Set(['b']), 'b')).toBe('c');
    expect(closeTarget(order, new Set(['b', 'c']), 'c')).toBe('a');
    expect(closeTarget(order, new Set(['a', 'b', 'c']), 'a')).toBeNull();
  });
});
