import { describe, expect, it } from 'vitest';
import { fileEdit } from './edit-diff';

describe('fileEdit', () => {
  it('shows a Write as every line added', () => {
    expect(fileEdit('Write', { file_path: '/w/a', content: 'x\ny\n' })).toEqual({
      path: '/w/a',
      lines: [
        { kind: 'add', text: 'x' },
        { kind: 'add', text: 'y' },
      ],
    });
  });

  it('shows each edit of a MultiEdit, separated, with context', () => {
    const edit = fileEdit('MultiEdit', {
      file_path: '/w/a',
      edits: [
        { old_string: 'a', new_string: 'b' },
        { old_string: 'keep\nold', new_string: 'keep\nnew' },
      ],
    });
    expect(edit?.lines.map((line) => `${line.kind}:${line.text}`)).toEqual([
      'remove:a',
      'add:b',
      'gap:…',
      'context:keep',
      'remove:old',
      'add:new',
    ]);
  });

  it('gives up on inputs of another shape', () => {
    expect(fileEdit('Edit', { file_path: '/w/a' })).toBeNull();
    expect(fileEdit('Write', { content: 'x' })).toBeNull();
  });
});
