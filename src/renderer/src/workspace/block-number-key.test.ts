import { describe, expect, it } from 'vitest';
import { blockNumberKey } from './block-number-key';

const key = (code: string, mods: Partial<Record<'ctrl' | 'meta' | 'shift' | 'alt', boolean>>) => ({
  code,
  ctrlKey: !!mods.ctrl,
  metaKey: !!mods.meta,
  shiftKey: !!mods.shift,
  altKey: !!mods.alt,
});

describe('blockNumberKey', () => {
  it('reads Ctrl+digit on Linux and Windows, Cmd+digit on macOS', () => {
    expect(blockNumberKey(key('Digit3', { ctrl: true }), false)).toBe(3);
    expect(blockNumberKey(key('Digit9', { meta: true }), true)).toBe(9);
    expect(blockNumberKey(key('Digit3', { meta: true }), false)).toBeNull();
    expect(blockNumberKey(key('Digit3', { ctrl: true }), true)).toBeNull();
  });

  it('leaves other keys and combinations to the shell', () => {
    expect(blockNumberKey(key('Digit0', { ctrl: true }), false)).toBeNull();
    expect(blockNumberKey(key('Digit1', { ctrl: true, shift: true }), false)).toBeNull();
    expect(blockNumberKey(key('Numpad1', { ctrl: true }), false)).toBeNull();
    expect(blockNumberKey(key('Digit1', {}), false)).toBeNull();
  });
});
