import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../../shared/agent-event';
import { CostTracker } from './cost-tracker';
import { findInTranscript, locateMatch } from './transcript-search';
import { TranscriptModel } from './transcript-model';

function itemsOf(events: AgentEvent[]) {
  const model = new TranscriptModel(new CostTracker());
  model.apply(events);
  return model.items;
}

const events: AgentEvent[] = [
  { type: 'user_message', text: 'Find the Parser' },
  {
    type: 'assistant_text',
    text: 'The parser is in parse.ts; the parser tests too.',
    parent_tool_use_id: null,
  },
  {
    type: 'tool_use',
    id: 't1',
    name: 'Grep',
    input: { pattern: 'parser' },
    parent_tool_use_id: null,
  },
  {
    type: 'tool_result',
    tool_use_id: 't1',
    content: 'src/parser.ts:1',
    is_error: false,
    parent_tool_use_id: null,
  },
];

describe('finding in a transcript', () => {
  it('counts matches per row over everything a row shows, tools’ inputs and outputs included', () => {
    const items = itemsOf(events);
    expect(findInTranscript(items, 'parser', false)).toEqual([
      { row: 0, count: 1 },
      { row: 1, count: 2 },
      { row: 2, count: 2 },
    ]);
    expect(findInTranscript(items, 'Parser', true)).toEqual([{ row: 0, count: 1 }]);
    expect(findInTranscript(items, '', false)).toEqual([]);
  });

  it('says where the nth match of all is', () => {
    const rows = [
      { row: 0, count: 1 },
      { row: 4, count: 3 },
    ];
    expect(locateMatch(rows, 0)).toEqual({ row: 0, inRow: 0 });
    expect(locateMatch(rows, 3)).toEqual({ row: 4, inRow: 2 });
    expect(locateMatch(rows, 4)).toBeNull();
  });

  it('finds matches anywhere in a 10,000-event transcript', () => {
    const many: AgentEvent[] = [];
    for (let n = 0; n < 5000; n++) {
      many.push({ type: 'user_message', text: `question ${n}` });
      many.push({
        type: 'assistant_text',
        text: `answer ${n} `.repeat(20),
        parent_tool_use_id: null,
      });
    }
    const items = itemsOf(many);
    const rows = findInTranscript(items, 'answer 4999', false);
    expect(rows).toEqual([{ row: 9999, count: 20 }]);
    expect(findInTranscript(items, 'question', false)).toHaveLength(5000);
  });
});
