import { describe, expect, it } from 'vitest';
import { expandPastes, isLongPaste, pasteLabel, pastesIn } from './pasted-text';

const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n');

describe('long pastes', () => {
  it('are more than 5 lines or more than 800 characters', () => {
    expect(isLongPaste(lines(5))).toBe(false);
    expect(isLongPaste(`${lines(5)}\n`)).toBe(false);
    expect(isLongPaste(lines(6))).toBe(true);
    expect(isLongPaste('x'.repeat(800))).toBe(false);
    expect(isLongPaste('x'.repeat(801))).toBe(true);
  });

  it('are labelled by their lines, numbered when the box holds the label already', () => {
    expect(pasteLabel(lines(12), '')).toBe('[Pasted 12 lines]');
    expect(pasteLabel('x'.repeat(900), '')).toBe('[Pasted 1 line]');
    expect(pasteLabel(lines(12), 'a [Pasted 12 lines] b')).toBe('[Pasted 12 lines #2]');
  });

  it('are sent in their labels’ place; one whose label was deleted is not sent', () => {
    const first = { label: '[Pasted 6 lines]', text: lines(6) };
    const second = { label: '[Pasted 7 lines]', text: lines(7) };
    const box = `Why does ${second.label} fail after ${first.label}?`;
    expect(pastesIn(box, [first, second])).toEqual([second, first]);
    expect(expandPastes(box, [first, second])).toBe(`Why does ${lines(7)} fail after ${lines(6)}?`);
    expect(pastesIn('Why?', [first, second])).toEqual([]);
  });

  it('keep a pasted `$&` as it was', () => {
    const paste = { label: '[Pasted 6 lines]', text: `${lines(5)}\necho $& $1` };
    expect(expandPastes(paste.label, [paste])).toBe(paste.text);
  });
});
