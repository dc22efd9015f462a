import { describe, expect, it } from 'vitest';
import { initialWorkspace } from './initial-state';

describe('initialWorkspace', () => {
  it('starts a first run with one focused terminal in the workspace directory', () => {
    const state = initialWorkspace(null, '/w');
    expect(Object.values(state.blocks)).toEqual([{ kind: 'terminal', cwd: '/w' }]);
    expect(state.focused).toBe(Object.keys(state.blocks)[0]);
  });

  it('mends a saved workspace without dropping a block', () => {
    const state = initialWorkspace(
      {
        version: 1,
        layout: {
          type: 'split',
          id: 's',
          orientation: 'horizontal',
          children: [
            { type: 'block', blockId: 'a' },
            { type: 'block', blockId: 'ghost' },
          ],
          sizes: [50, 50],
        },
        blocks: { a: { kind: 'terminal', cwd: '/a' }, b: { kind: 'from-the-future', cwd: '/b' } },
        focused: 'ghost',
      },
      '/w',
    );
    expect(state.layout).toMatchObject({
      type: 'split',
      children: [{ blockId: 'a' }, { blockId: 'b' }],
    });
    expect(state.blocks['b']).toEqual({ kind: 'from-the-future', cwd: '/b' });
    expect(state.focused).toBe('a');
  });
});
