import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PARSE_INTERVAL_MS, StreamedMarkdown, TAIL_PARSE_LIMIT } from './streamed-markdown';

const paragraphs = (count: number) =>
  Array.from({ length: count }, (_, i) => `Paragraph ${i} with *some* words.\n\n`).join('');

describe('StreamedMarkdown', () => {
  it('always shows the whole text, and all of it parsed once settled', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 0, max: 150 })), {
          maxLength: 40,
        }),
        (steps) => {
          const full = paragraphs(200);
          const streamed = new StreamedMarkdown();
          let length = 0;
          let now = 0;
          for (const [grow, wait] of steps) {
            length = Math.min(full.length, length + grow);
            now += wait;
            const view = streamed.show(full.slice(0, length), now, false);
            expect(view.groups.join('') + view.parsedTail + view.rest).toBe(full.slice(0, length));
          }
          const done = streamed.show(full.slice(0, length), now + 1, true);
          expect(done.rest).toBe('');
          expect(done.groups.join('') + done.parsedTail).toBe(full.slice(0, length));
        },
      ),
    );
  });

  it('parses at most a group and the tail per interval, however many blocks finish', () => {
    const streamed = new StreamedMarkdown();
    const text = paragraphs(100);
    let parses = 0;
    let last = { groups: 0, tail: '' };
    for (let at = 1; at <= text.length; at += 20) {
      const view = streamed.show(text.slice(0, at), at / 10, false);
      parses += view.groups.length - last.groups + (view.parsedTail !== last.tail ? 1 : 0);
      last = { groups: view.groups.length, tail: view.parsedTail };
    }
    const elapsed = text.length / 10;
    expect(parses).toBeLessThanOrEqual(2 * (Math.floor(elapsed / PARSE_INTERVAL_MS) + 1));
    expect(parses).toBeGreaterThan(2);
  });

  it('leaves a long growing tail unparsed until the text settles', () => {
    const streamed = new StreamedMarkdown();
    const long = 'word '.repeat(TAIL_PARSE_LIMIT / 4);
    expect(streamed.show(long.slice(0, 100), 0, false).parsedTail).toBe(long.slice(0, 100));
    expect(streamed.show(long, 1_000, false)).toEqual({
      groups: [],
      parsedTail: long.slice(0, 100),
      rest: long.slice(100),
    });
    expect(streamed.show(long, 1_000, true).parsedTail).toBe(long);
  });

  it('starts over on a text that does not continue the last one', () => {
    const streamed = new StreamedMarkdown();
    streamed.show(paragraphs(3), 0, true);
    expect(streamed.show('Other.\n\nText', 1, true)).toEqual({
      groups: ['Other.\n\n'],
      parsedTail: 'Text',
      rest: '',
    });
  });
});
