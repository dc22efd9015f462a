import { describe, expect, it } from 'vitest';
import { Retractions } from './retractions';

describe('Retractions', () => {
  it('forgets the oldest frames past its capacity, a frame remembered again counting as new', () => {
    const retractions = new Retractions(3);
    for (const uuid of ['a', 'b', 'c']) retractions.remember(uuid, { toolUseIds: [`t-${uuid}`] });
    retractions.remember('a', { messageId: 'm-a', toolUseIds: [] });
    retractions.remember('d', { toolUseIds: ['t-d'] });
    retractions.remember('e', { toolUseIds: ['t-e'] });
    // b and c went, oldest first; a, remembered again after them, stayed.
    expect(retractions.retract(['b', 'c'])).toBeNull();
    expect(retractions.retract(['a', 'd', 'e'])).toEqual({
      type: 'messages_retracted',
      message_ids: ['m-a'],
      tool_use_ids: ['t-d', 't-e'],
    });
  });

  it('keeps the newest frames over many evictions, and after a clear', () => {
    const retractions = new Retractions(100);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 5_000; i++) retractions.remember(`u${i}`, { toolUseIds: [`t${i}`] });
      expect(retractions.retract(['u4899'])).toBeNull();
      expect(retractions.retract(['u4900', 'u4999'])?.tool_use_ids).toEqual(['t4900', 't4999']);
      retractions.clear();
      expect(retractions.retract(['u4950'])).toBeNull();
    }
  });
});
