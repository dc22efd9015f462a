import { describe, expect, it } from 'vitest';
import { CLOSED_BLOCKS_KEPT, workspaceStateSchema } from './workspace-state';

const saved = {
  version: 1,
  layout: { type: 'block', blockId: 'a' },
  blocks: { a: { kind: 'agent', cwd: '/w', sessionId: 's1' } },
  focused: 'a',
};

describe('workspaceStateSchema', () => {
  it('loads a workspace saved before titles and closed blocks', () => {
    expect(workspaceStateSchema.parse(saved)).toEqual(saved);
  });

  it('keeps a block title and the closed blocks with their place', () => {
    const state = {
      ...saved,
      blocks: { a: { kind: 'agent', cwd: '/w', title: 'fix tests' } },
      closed: [
        {
          blockId: 'b',
          spec: { kind: 'terminal', cwd: '/w/src' },
          place: {
            parentId: 's1',
            orientation: 'vertical',
            index: 1,
            sizes: [50, 50],
            siblingId: 'a',
          },
        },
      ],
    };
    expect(workspaceStateSchema.parse(state)).toEqual(state);
  });

  it(`refuses more than ${CLOSED_BLOCKS_KEPT} closed blocks and an empty title`, () => {
    const closed = Array.from({ length: CLOSED_BLOCKS_KEPT + 1 }, (_, n) => ({
      blockId: `b${n}`,
      spec: { kind: 'terminal', cwd: '/w' },
      place: null,
    }));
    expect(workspaceStateSchema.safeParse({ ...saved, closed }).success).toBe(false);
    const untitled = { ...saved, blocks: { a: { kind: 'agent', cwd: '/w', title: '' } } };
    expect(workspaceStateSchema.safeParse(untitled).success).toBe(false);
  });
});
