import { describe, expect, it } from 'vitest';
import {
  commentCount,
  reviewCommentsSchema,
  reviewMessage,
  type ReviewComment,
} from './review-comments';

const comment = (patch: Partial<ReviewComment>): ReviewComment => ({
  id: 'c1',
  path: '/w/README.md',
  toolUseId: 't1',
  editIndex: 0,
  from: 0,
  to: 0,
  lines: [{ kind: 'add', text: 'x' }],
  text: 'Why?',
  ...patch,
});

describe('review comments', () => {
  it('count as the list and its Send button say them', () => {
    expect([0, 1, 2].map(commentCount)).toEqual(['0 comments', '1 comment', '2 comments']);
  });

  it('quote code holding fences inside a longer fence, and say when the lines were not found', () => {
    const message = reviewMessage([
      comment({ lines: [{ kind: 'context', text: '```js' }], text: 'A fence.' }),
    ]);
    expect(message).toBe(
      'A review comment on your changes:\n\n---\n\n`/w/README.md`, lines not found in the file:\n\n````diff\n ```js\n````\n\nA fence.',
    );
  });

  it('are kept from a saved workspace as they were, and a malformed one is refused', () => {
    const kept = comment({ fileLines: { first: 3, last: 4, editLine: 2 } });
    expect(reviewCommentsSchema.parse([kept])).toEqual([kept]);
    expect(reviewCommentsSchema.safeParse([{ ...kept, lines: [] }]).success).toBe(false);
    expect(reviewCommentsSchema.safeParse([{ ...kept, text: '' }]).success).toBe(false);
  });
});
