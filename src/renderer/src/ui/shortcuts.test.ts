import { describe, expect, it } from 'vitest';
import { matchesShortcut, parseShortcut, shortcutLabel } from './shortcuts';

const key = (
  code: string,
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>>,
) => ({
  code,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('shortcuts', () => {
  it('reads Mod as Ctrl elsewhere and Cmd on macOS', () => {
    const shortcut = parseShortcut('Mod+Shift+]');
    expect(
      matchesShortcut(key('BracketRight', { ctrlKey: true, shiftKey: true }), shortcut, false),
    ).toBe(true);
    expect(
      matchesShortcut(key('BracketRight', { metaKey: true, shiftKey: true }), shortcut, false),
    ).toBe(false);
    expect(
      matchesShortcut(key('BracketRight', { metaKey: true, shiftKey: true }), shortcut, true),
    ).toBe(true);
    expect(matchesShortcut(key('BracketRight', { ctrlKey: true }), shortcut, false)).toBe(false);
  });

  it('labels shortcuts per platform', () => {
    expect(shortcutLabel('Mod+Shift+Enter', false)).toBe('Ctrl+Shift+Enter');
    expect(shortcutLabel('Mod+Shift+Enter', true)).toBe('⌘⇧↩');
  });
});
