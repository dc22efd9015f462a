import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GROUP_LIMIT,
  PARSE_INTERVAL_MS,
  StreamedMarkdown,
  TAIL_PARSE_LIMIT,
} from './streamed-markdown';

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
            // The start of the text, as the page has it: the rest after them shows as written.
            expect(full.slice(0, length).startsWith(view.groups.join('') + view.parsedTail)).toBe(
              true,
            );
          }
          const done = streamed.show(full.slice(0, length), now + 1, true);
          expect(done.groups.join('') + done.parsedTail).toBe(full.slice(0, length));
        },
      ),
    );
  });

  it('parses once per interval at most, however many blocks finish', () => {
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
    expect(parses).toBeLessThanOrEqual(Math.floor(elapsed / PARSE_INTERVAL_MS) + 1);
    expect(parses).toBeGreaterThan(2);
  });

  it('parses finished blocks a bounded slice at a time, showing the others as written', () => {
    const streamed = new StreamedMarkdown();
    const text = paragraphs(400);
    const view = streamed.show(text, 0, false);
    expect(view.groups).toHaveLength(1);
    expect(view.groups[0]!.length).toBeLessThanOrEqual(GROUP_LIMIT);
    expect(view.groups[0]!.length).toBeGreaterThan(GROUP_LIMIT / 2);
    expect(view.parsedTail).toBe('');
    expect(text.startsWith(view.groups[0]!)).toBe(true);
    // The next interval parses the next slice; once settled, everything.
    expect(streamed.show(text, PARSE_INTERVAL_MS, false).groups).toHaveLength(2);
    const done = streamed.show(text, PARSE_INTERVAL_MS + 1, true);
    expect(done.groups.join('') + done.parsedTail).toBe(text);
  });

  it('parses a block longer than a slice whole, in its own parse', () => {
    const streamed = new StreamedMarkdown();
    const long = `${'word '.repeat(GROUP_LIMIT / 2)}\n\n`;
    const view = streamed.show(`${long}Next`, 0, false);
    expect(view.groups).toEqual([long]);
  });

  it('parses a settled text in bounded slices too, however much of it finished at once', () => {
    const text = paragraphs(400);
    const view = new StreamedMarkdown().show(text, 0, true);
    expect(view.groups.join('') + view.parsedTail).toBe(text);
    expect(view.groups.length).toBeGreaterThan(1);
    for (const group of view.groups) expect(group.length).toBeLessThanOrEqual(GROUP_LIMIT);
  });

  it('leaves a long growing tail unparsed until the text settles', () => {
    const streamed = new StreamedMarkdown();
    const long = 'word '.repeat(TAIL_PARSE_LIMIT / 4);
    expect(streamed.show(long.slice(0, 100), 0, false).parsedTail).toBe(long.slice(0, 100));
    expect(streamed.show(long, 1_000, false)).toEqual({
      groups: [],
      parsedTail: long.slice(0, 100),
    });
    expect(streamed.show(long, 1_000, true).parsedTail).toBe(long);
  });

  it('starts over on a text that does not continue the last one', () => {
    const streamed = new StreamedMarkdown();
    streamed.show(paragraphs(3), 0, true);
    expect(streamed.show('Other.\n\nText', 1, true)).toEqual({
      groups: ['Other.\n\n'],
      parsedTail: 'Text',
    });
  });
});
