// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentEvent } from '../../../../../shared/agent-event';
import type { ReviewComment } from '../../../../../shared/review-comments';
import type { BlockSpec } from '../../../../../shared/workspace-state';
import { FakeHost } from '../testing/fake-host';
import { AGENT_ID, renderBlock } from '../testing/render-block';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const edit = (id: string, path: string, oldText: string, newText: string): AgentEvent[] => [
  {
    type: 'tool_use',
    id,
    name: 'Edit',
    input: { file_path: path, old_string: oldText, new_string: newText },
    parent_tool_use_id: null,
  },
  {
    type: 'tool_result',
    tool_use_id: id,
    content: 'ok',
    is_error: false,
    parent_tool_use_id: null,
  },
];

/**
 * A block whose session edited two files, against a host that finds each edit's text at line 10
 * of its file; what the block asks the workspace to keep is kept, and handed back on `reload`.
 */
async function reviewing(kept: Partial<BlockSpec> = {}) {
  const host = new FakeHost();
  host.replies.locateAgentEdit = () => ({ line: 10 });
  const block = await renderBlock(host, kept);
  let spec = { ...kept };
  block.onSpecChange.mockImplementation((patch: Partial<BlockSpec>) => {
    spec = { ...spec, ...patch };
  });
  await block.push(
    ...edit('e1', '/work/a.ts', 'one\ntwo\n', 'one\nTWO\nthree\n'),
    ...edit('e2', '/work/b.ts', 'x\n', 'y\n'),
  );
  /** The workspace renders the block again with what it kept. */
  const keep = () => block.respec(spec);
  const saved = () => spec.reviewComments;
  return { ...block, keep, saved };
}

const openReview = async () => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Review changes' })));
  return screen.getByRole('dialog', { name: 'Review changes' });
};

/** Picks lines of a file's diff from the keyboard (Down moves, Shift+Down stretches), comments. */
async function comment(
  review: HTMLElement,
  path: string,
  keys: { key: string; shiftKey?: boolean }[],
  text: string,
) {
  const diff = within(within(review).getByRole('region', { name: path })).getByRole('listbox', {
    name: `Changes to ${path}`,
  });
  diff.focus();
  for (const key of keys) fireEvent.keyDown(diff, key);
  fireEvent.keyDown(diff, { key: 'Enter' });
  const box = within(review).getByRole('textbox', { name: 'Comment' });
  expect(document.activeElement).toBe(box);
  fireEvent.change(box, { target: { value: text } });
  await act(async () => fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true }));
}

const list = (name: string) => screen.getAllByRole('region', { name })[0]!;

describe('review comments', () => {
  it('are added from the keyboard on lines of two files, edited, removed and counted', async () => {
    const block = await reviewing();
    let review = await openReview();
    // The diff of a.ts: "  one", "- two", "+ TWO", "+ three": the cursor starts on the first change.
    await comment(
      review,
      '/work/a.ts',
      [{ key: 'ArrowDown' }, { key: 'ArrowDown', shiftKey: true }],
      'Why upper case?',
    );
    await block.keep();
    expect(block.saved()).toMatchObject([
      {
        path: '/work/a.ts',
        toolUseId: 'e1',
        editIndex: 0,
        lines: [
          { kind: 'add', text: 'TWO' },
          { kind: 'add', text: 'three' },
        ],
        // The edit's text starts at line 10: "TWO" is its second line.
        fileLines: { first: 11, last: 12, editLine: 10 },
        text: 'Why upper case?',
      },
    ]);
    review = screen.getByRole('dialog', { name: 'Review changes' });
    let comments = within(review).getByRole('region', { name: '1 comment' });
    expect(within(comments).getByRole('heading').textContent).toBe('1 comment');
    expect(within(comments).getByRole('listitem').textContent).toContain('/work/a.ts, lines 11–12');

    await comment(review, '/work/b.ts', [], 'Keep x.');
    await block.keep();
    comments = within(review).getByRole('region', { name: '2 comments' });
    expect(
      within(comments).getByRole('button', { name: 'Send 2 comments to Claude' }),
    ).toBeTruthy();
    // The block lists them too, under its transcript, while the dialog is closed.
    expect(screen.getAllByRole('region', { name: '2 comments' })).toHaveLength(2);

    const first = within(comments).getAllByRole('listitem')[0]!;
    fireEvent.click(within(first).getByRole('button', { name: 'Edit' }));
    const box = within(first).getByRole('textbox', { name: 'Edit comment' });
    fireEvent.change(box, { target: { value: 'Why upper case here?' } });
    fireEvent.click(within(first).getByRole('button', { name: 'Save comment' }));
    await block.keep();
    expect(block.saved()!.map((c) => c.text)).toEqual(['Why upper case here?', 'Keep x.']);

    const second = within(list('2 comments')).getAllByRole('listitem')[1]!;
    fireEvent.click(within(second).getByRole('button', { name: 'Remove' }));
    await block.keep();
    expect(block.saved()!.map((c) => c.text)).toEqual(['Why upper case here?']);
    expect(within(review).getByRole('region', { name: '1 comment' })).toBeTruthy();
  });

  it('take lines picked with the mouse (a click, then Shift+click) and the "Comment" button', async () => {
    const block = await reviewing();
    const review = await openReview();
    const file = within(review).getByRole('region', { name: '/work/a.ts' });
    const lines = within(file).getAllByRole('option');
    fireEvent.click(lines[0]!);
    fireEvent.click(lines[1]!, { shiftKey: true });
    expect(lines.map((line) => line.getAttribute('aria-selected'))).toEqual([
      'true',
      'true',
      'false',
      'false',
    ]);
    fireEvent.click(within(file).getByRole('button', { name: 'Comment' }));
    fireEvent.change(within(file).getByRole('textbox', { name: 'Comment' }), {
      target: { value: 'Context too.' },
    });
    await act(async () =>
      fireEvent.click(within(file).getByRole('button', { name: 'Save comment' })),
    );
    await block.keep();
    expect(block.saved()).toMatchObject([
      {
        lines: [
          { kind: 'context', text: 'one' },
          { kind: 'remove', text: 'two' },
        ],
        fileLines: { first: 10, last: 10 },
      },
    ]);
  });

  it('refuse a comment on more lines than the saved workspace keeps, saying so', async () => {
    const block = await reviewing();
    const content = Array.from({ length: 600 }, (_, i) => `line ${i}`).join('\n');
    await block.push(
      {
        type: 'tool_use',
        id: 'w1',
        name: 'Write',
        input: { file_path: '/work/big.txt', content },
        parent_tool_use_id: null,
      },
      {
        type: 'tool_result',
        tool_use_id: 'w1',
        content: 'ok',
        is_error: false,
        parent_tool_use_id: null,
      },
    );
    const review = await openReview();
    const file = within(review).getByRole('region', { name: '/work/big.txt' });
    fireEvent.click(within(file).getByRole('button', { name: 'Show all 600 lines' }));
    fireEvent.click(within(file).getByRole('button', { name: 'Comment' }));
    fireEvent.change(within(file).getByRole('textbox', { name: 'Comment' }), {
      target: { value: 'All of it.' },
    });
    await act(async () =>
      fireEvent.click(within(file).getByRole('button', { name: 'Save comment' })),
    );
    expect(within(file).getByRole('alert').textContent).toBe(
      'A comment quotes 500 lines at most: pick fewer.',
    );
    // The box stays open with the text, and nothing was kept.
    expect(within(file).getByRole('textbox', { name: 'Comment' })).toHaveProperty(
      'value',
      'All of it.',
    );
    expect(block.onSpecChange).not.toHaveBeenCalledWith(
      expect.objectContaining({ reviewComments: expect.anything() }),
    );
  });

  it('go to Claude as one message quoting file, lines and code, and the list empties', async () => {
    const block = await reviewing();
    const review = await openReview();
    await comment(review, '/work/a.ts', [], 'Not two.');
    await block.keep();
    await comment(review, '/work/b.ts', [{ key: 'ArrowDown' }], 'Why y?');
    await block.keep();
    // Claude is at work on another turn: the comments wait for it, as a message typed now would.
    act(() => block.host.emit('agentState', { agentId: AGENT_ID, state: { state: 'busy' } }));
    await block.settle();
    await act(async () =>
      fireEvent.click(within(review).getByRole('button', { name: 'Send 2 comments to Claude' })),
    );
    await block.settle();
    const sent = block.host.paramsOf('sendAgentMessage') as { text: string; priority?: string }[];
    expect(sent).toHaveLength(1);
    expect(sent[0]!.priority).toBe('later');
    expect(
      within(screen.getByRole('list', { name: 'Queued messages' })).getByRole('listitem')
        .textContent,
    ).toContain('2 review comments on your changes:');
    expect(sent[0]!.text).toBe(
      [
        '2 review comments on your changes:',
        // Lines not picked: the comment is on all the hunk changed.
        '`/work/a.ts`, lines 11–12:\n\n```diff\n-two\n+TWO\n+three\n```\n\nNot two.',
        '`/work/b.ts`, line 10:\n\n```diff\n+y\n```\n\nWhy y?',
      ].join('\n\n---\n\n'),
    );
    await block.keep();
    expect(block.saved()).toBeUndefined();
    expect(screen.queryByRole('region', { name: /comments?$/ })).toBeNull();
  });

  it('kept from before a reload stay, an outdated one marked rather than dropped, code as text', async () => {
    const gone: ReviewComment = {
      id: 'c-gone',
      path: '/work/old.ts',
      toolUseId: 'e-gone',
      editIndex: 0,
      from: 0,
      to: 0,
      lines: [{ kind: 'add', text: '<img src=x onerror=alert(1)>' }],
      fileLines: { first: 3, last: 3, editLine: 3 },
      text: '<b>not bold</b>',
    };
    const block = await reviewing({ reviewComments: [gone] });
    const comments = list('1 comment');
    const item = within(comments).getByRole('listitem');
    expect(item.textContent).toContain('/work/old.ts, line 3 (outdated)');
    expect(item.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(item.textContent).toContain('<b>not bold</b>');
    expect(item.querySelector('img, b')).toBeNull();
    expect(block.saved()).toEqual([gone]);
  });
});
