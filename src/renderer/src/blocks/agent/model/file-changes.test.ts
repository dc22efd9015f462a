import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../../shared/agent-event';
import { CostTracker } from './cost-tracker';
import { changesByFile, editHunks } from './file-changes';
import { TranscriptModel } from './transcript-model';

/** The per-file counts of these successful edit calls, as the real model folds them. */
function counts(...calls: [name: string, input: Record<string, unknown>][]) {
  const model = new TranscriptModel(new CostTracker());
  model.apply(
    calls.flatMap(([name, input], index): AgentEvent[] => [
      { type: 'tool_use', id: `t${index}`, name, input, parent_tool_use_id: null },
      {
        type: 'tool_result',
        tool_use_id: `t${index}`,
        content: 'ok',
        is_error: false,
        parent_tool_use_id: null,
      },
    ]),
  );
  return changesByFile(editHunks(model.items)).map(({ path, added, removed, hunks }) => ({
    path,
    added,
    removed,
    hunks: hunks.length,
  }));
}

describe('the lines an agent changed in each file', () => {
  it('counts a file written, then fixed, by what it holds now', () => {
    expect(
      counts(
        ['Write', { file_path: '/w/new.txt', content: 'helo\n' }],
        ['Edit', { file_path: '/w/new.txt', old_string: 'helo', new_string: 'hello' }],
      ),
    ).toEqual([{ path: '/w/new.txt', added: 1, removed: 0, hunks: 2 }]);
  });

  it('counts an edit undone by a later one as no change', () => {
    expect(
      counts(
        ['Edit', { file_path: '/w/a.ts', old_string: 'let x = 1;', new_string: 'let x = 2;' }],
        ['Edit', { file_path: '/w/a.ts', old_string: 'let x = 2;', new_string: 'let x = 1;' }],
      ),
    ).toEqual([{ path: '/w/a.ts', added: 0, removed: 0, hunks: 2 }]);
  });

  it('adds up edits of separate places, and keeps files apart', () => {
    expect(
      counts(
        ['Edit', { file_path: '/w/a.ts', old_string: 'one', new_string: 'ONE' }],
        ['Edit', { file_path: '/w/b.ts', old_string: 'x', new_string: 'x\ny\n$&' }],
        ['Edit', { file_path: '/w/a.ts', old_string: 'two', new_string: 'TWO' }],
      ),
    ).toEqual([
      { path: '/w/a.ts', added: 2, removed: 2, hunks: 2 },
      { path: '/w/b.ts', added: 3, removed: 1, hunks: 1 },
    ]);
  });

  it('diffs a call once, and again only when its result changes', () => {
    const model = new TranscriptModel(new CostTracker());
    const edit = { file_path: '/w/a.ts', old_string: 'one', new_string: 'ONE' };
    const result = (id: string, is_error: boolean): AgentEvent => ({
      type: 'tool_result',
      tool_use_id: id,
      content: 'ok',
      is_error,
      parent_tool_use_id: null,
    });
    model.apply([
      { type: 'tool_use', id: 't0', name: 'Edit', input: edit, parent_tool_use_id: null },
      result('t0', false),
      { type: 'tool_use', id: 't1', name: 'Edit', input: edit, parent_tool_use_id: null },
    ]);
    const [first] = editHunks(model.items);
    model.apply([{ type: 'assistant_text', text: 'more of the reply', parent_tool_use_id: null }]);
    // Another render while the reply streams: the same call's hunk, not a new diff of it.
    expect(editHunks(model.items)[0]).toBe(first);
    expect(editHunks(model.items)).toHaveLength(1);
    model.apply([result('t1', false)]);
    const after = editHunks(model.items);
    expect(after).toHaveLength(2);
    expect(after[0]).toBe(first);
  });
});
