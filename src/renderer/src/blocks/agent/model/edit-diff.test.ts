import { describe, expect, it } from 'vitest';
import { fileEdit, replacement } from './edit-diff';

describe('fileEdit', () => {
  it('shows a Write as every line added', () => {
    expect(fileEdit('Write', { file_path: '/w/a', content: 'x\ny\n' })).toEqual({
      path: '/w/a',
      lines: [
        { kind: 'add', text: 'x', newLine: 1 },
        { kind: 'add', text: 'y', newLine: 2 },
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

  it('numbers each line by the new text, past a gap and for removed lines too', () => {
    const old = ['a', ...Array.from({ length: 10 }, (_, i) => `k${i}`), 'z'].join('\n');
    const lines = replacement(old, old.replace('a', 'A\nA2').replace('z', 'Z'));
    expect(lines.map((line) => `${line.kind}:${line.text}@${line.newLine ?? ''}`)).toEqual([
      'remove:a@1',
      'add:A@1',
      'add:A2@2',
      'context:k0@3',
      'context:k1@4',
      'context:k2@5',
      'gap:…@',
      'context:k7@10',
      'context:k8@11',
      'context:k9@12',
      'remove:z@13',
      'add:Z@13',
    ]);
  });

  it('gives up on inputs of another shape', () => {
    expect(fileEdit('Edit', { file_path: '/w/a' })).toBeNull();
    expect(fileEdit('Write', { content: 'x' })).toBeNull();
  });
});
