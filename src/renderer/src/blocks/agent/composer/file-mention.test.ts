import { describe, expect, it } from 'vitest';
import { insertMention, mentionAt } from './file-mention';

const at = (text: string) => mentionAt(text, text.length);

describe('mentionAt', () => {
  it('finds the @ word the caret ends, at the start or after a space', () => {
    expect(at('@')).toEqual({ start: 0, end: 1, query: '' });
    expect(at('look at @src/ma')).toEqual({ start: 8, end: 15, query: 'src/ma' });
    expect(at('first\n@read')).toEqual({ start: 6, end: 11, query: 'read' });
  });

  it('offers nothing once a line range follows, after a space, or inside an e-mail address', () => {
    expect(at('@src/a.ts#10-20')).toBeNull();
    expect(at('@src/a.ts ')).toBeNull();
    expect(at('mail me@example')).toBeNull();
    expect(at('no mention')).toBeNull();
  });

  it('reads only up to the caret', () => {
    expect(mentionAt('@src/a.ts and more', 4)).toEqual({ start: 0, end: 4, query: 'src' });
  });
});

describe('insertMention', () => {
  it('writes the file with a space after it, the caret past the space', () => {
    const text = 'see @alp please';
    expect(insertMention(text, mentionAt(text, 8)!, 'src/alpha.ts')).toEqual({
      text: 'see @src/alpha.ts please',
      caret: 18,
    });
    expect(insertMention('@alp', at('@alp')!, 'src/alpha.ts')).toEqual({
      text: '@src/alpha.ts ',
      caret: 14,
    });
  });

  it('leaves the caret right after a folder, whose files come next', () => {
    expect(insertMention('@sr', at('@sr')!, 'src/')).toEqual({ text: '@src/', caret: 5 });
  });

  it('quotes a path with spaces', () => {
    expect(insertMention('@my', at('@my')!, 'my notes.md').text).toBe('@"my notes.md" ');
  });
});
