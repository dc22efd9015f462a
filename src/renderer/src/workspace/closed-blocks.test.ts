import { describe, expect, it } from 'vitest';
import { ClosedBlocks } from './closed-blocks';

const closed = (cwd: string) => ({ spec: { kind: 'terminal', cwd }, place: null });

describe('ClosedBlocks', () => {
  it('gives back the most recently closed first', () => {
    const stack = new ClosedBlocks();
    stack.push(closed('/one'));
    stack.push(closed('/two'));
    expect(stack.pop()?.spec.cwd).toBe('/two');
    expect(stack.pop()?.spec.cwd).toBe('/one');
    expect(stack.pop()).toBeUndefined();
  });

  it('keeps the newest twenty and lets older ones go', () => {
    const stack = new ClosedBlocks();
    for (let i = 0; i < 25; i++) stack.push(closed(`/${i}`));
    expect(stack.size).toBe(20);
    const cwds = Array.from({ length: 20 }, () => stack.pop()?.spec.cwd);
    expect(cwds[0]).toBe('/24');
    expect(cwds.at(-1)).toBe('/5');
  });
});
