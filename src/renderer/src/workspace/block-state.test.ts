import { describe, expect, it } from 'vitest';
import type { BlockActivity } from '../blocks/block-activity';
import { activityLabel, nextBlockToVisit, shownActivity } from './block-state';

const agent = (status: Extract<BlockActivity, { kind: 'agent' }>['status']): BlockActivity => ({
  kind: 'agent',
  status,
});
const failed: BlockActivity = { kind: 'terminal', status: 'Failed', command: 'make' };

describe('block state', () => {
  it('shows a Done or Failed the user has looked at as Idle, and nothing else changes', () => {
    expect(shownActivity(agent('Done'), true)).toEqual(agent('Idle'));
    expect(shownActivity(failed, true)).toEqual({ kind: 'terminal', status: 'Idle' });
    expect(shownActivity(agent('Done'), false)).toEqual(agent('Done'));
    expect(shownActivity(agent('Needs you'), true)).toEqual(agent('Needs you'));
  });

  it('names a running command in the label', () => {
    expect(activityLabel({ kind: 'terminal', status: 'Running', command: 'npm test' })).toBe(
      'Running npm test',
    );
    expect(activityLabel(agent('Needs you'))).toBe('Needs you');
  });

  describe('nextBlockToVisit', () => {
    const states: Record<string, BlockActivity> = {
      a: agent('Done'),
      b: agent('Working'),
      c: agent('Needs you'),
      d: failed,
      e: agent('Needs you'),
    };
    const order = ['a', 'b', 'c', 'd', 'e'];
    const shown = (blockId: string) => states[blockId];

    it('visits Needs you blocks in layout order, then Done/Failed ones, and wraps around', () => {
      const visits: (string | null)[] = [];
      let focused: string | null = 'b';
      for (let step = 0; step < 5; step++) {
        focused = nextBlockToVisit(order, shown, focused);
        visits.push(focused);
      }
      expect(visits).toEqual(['c', 'e', 'a', 'd', 'c']);
    });

    it('has nowhere to go when nothing waits', () => {
      expect(nextBlockToVisit(['b'], shown, 'b')).toBeNull();
    });
  });
});
