import { describe, expect, it } from 'vitest';
import { splitText } from './split-text';

describe('splitText', () => {
  it('cuts long text into pieces that join back to it', () => {
    const text = 'abcdefghij'.repeat(7);
    const pieces = splitText(text, 16);
    expect(pieces.every((piece) => piece.length <= 16)).toBe(true);
    expect(pieces.join('')).toBe(text);
    expect(splitText('short', 16)).toEqual(['short']);
    expect(splitText('', 16)).toEqual([]);
  });

  it('never separates the halves of a surrogate pair', () => {
    const text = 'ab😀cd😀';
    const pieces = splitText(text, 3);
    expect(pieces.join('')).toBe(text);
    for (const piece of pieces) expect(piece).toBe(Array.from(piece).join(''));
    expect(pieces).toEqual(['ab', '😀c', 'd😀']);
  });
});
