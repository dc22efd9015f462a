import { describe, expect, it } from 'vitest';
import { findCommand, keysOn } from './commands';

describe('keysOn', () => {
  it('gives Cmd+A to a terminal’s select-all on macOS only: elsewhere Ctrl+A is the shell’s', () => {
    const selectAll = findCommand('terminal.selectAll');
    expect(keysOn(selectAll, true)).toBe('Mod+A');
    expect(keysOn(selectAll, false)).toBe('');
    expect(keysOn(findCommand('terminal.new'), false)).toBe('Mod+Shift+Enter');
  });
});
