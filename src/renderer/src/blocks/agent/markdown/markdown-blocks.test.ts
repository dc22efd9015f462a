import { describe, expect, it } from 'vitest';
import { markdownBlocks } from './markdown-blocks';

describe('markdownBlocks', () => {
  it('splits paragraphs at blank lines, keeping the text whole', () => {
    const text = '# Title\n\nFirst paragraph\nstill first.\n\n\nSecond.';
    const blocks = markdownBlocks(text);
    expect(blocks).toEqual(['# Title\n', 'First paragraph\nstill first.\n\n', 'Second.']);
    expect(blocks.join('\n')).toBe(text);
  });

  it('keeps a fenced code block with blank lines in one piece', () => {
    const text = 'Look:\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\nAfter.';
    expect(markdownBlocks(text)).toEqual([
      'Look:\n',
      '```ts\nconst a = 1;\n\nconst b = 2;\n```\n',
      'After.',
    ]);
  });

  it('does not close a fence on a shorter or different one', () => {
    const text = '````\n```\n\ninner\n````\n\nout';
    expect(markdownBlocks(text)).toEqual(['````\n```\n\ninner\n````\n', 'out']);
  });

  it('keeps indented continuations with the block before them', () => {
    const text = '- item\n\n    more of the item\n\n- next';
    expect(markdownBlocks(text)).toEqual(['- item\n\n    more of the item\n', '- next']);
  });

  it('keeps an unclosed fence (still streaming) as the last block', () => {
    expect(markdownBlocks('Intro\n\n```py\nprint(1)\n\nprint(2)')).toEqual([
      'Intro\n',
      '```py\nprint(1)\n\nprint(2)',
    ]);
  });
});
