import { describe, expect, it } from 'vitest';
import { commands, keysOn } from '../../../shared/commands';
import { parseShortcut } from '../ui/shortcuts';
import { commandActions } from './commands';

describe('command shortcuts', () => {
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
