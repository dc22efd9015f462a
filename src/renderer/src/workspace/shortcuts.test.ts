import { describe, expect, it } from 'vitest';
import { commands, keysOn } from '../../../shared/commands';
import { commandActions } from './commands';
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

  it('gives every command a shortcut that parses and is its own where it applies', () => {
    // Commands of different kinds of block may share keys (each acts in the block focused);
    // any other two may not, on either platform.
    for (const isMac of [false, true]) {
      const taken: { shortcut: string; scope: string; title: string }[] = [];
      for (const command of commands) {
        const keys = keysOn(command, isMac);
        if (!keys) continue;
        const action = commandActions[command.id];
        const scope = action.type === 'block' ? action.kind : 'workspace';
        const shortcut = JSON.stringify(parseShortcut(keys));
        const clash = taken.find(
          (other) =>
            other.shortcut === shortcut &&
            (other.scope === scope || other.scope === 'workspace' || scope === 'workspace'),
        );
        expect(clash?.title, `${command.title}: ${keys}`).toBe(undefined);
        taken.push({ shortcut, scope, title: command.title });
      }
    }
    expect(() => parseShortcut('Mod+Shift+?')).toThrow(/unknown key/);
  });
});
