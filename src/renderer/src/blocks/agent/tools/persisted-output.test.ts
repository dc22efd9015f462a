import { describe, expect, it } from 'vitest';
import { persistedOutput } from './persisted-output';

const wrap = (...lines: string[]) =>
  ['<persisted-output>', ...lines, '</persisted-output>'].join('\n');

describe('persistedOutput', () => {
  it('reads an output cut at the CLI’s persist limit, previewed at start and end', () => {
    const saved = persistedOutput(
      wrap(
        'Output exceeded the 64MB persist limit; only the first 64MB were saved to: C:\\t\\out.txt',
        '',
        'Preview (start and end):',
        'a',
        '[… 63.9MB omitted …]',
        'z',
      ),
    );
    expect(saved).toEqual({
      note: 'Output exceeded the 64MB persist limit',
      path: 'C:\\t\\out.txt',
      previewOf: 'start and end',
      preview: 'a\n[… 63.9MB omitted …]\nz',
    });
  });

  it('leaves other results alone, also one that only mentions the tag', () => {
    expect(persistedOutput('Output too large (1KB). Full output saved to: /x')).toBeNull();
    expect(persistedOutput(wrap('something else'))).toBeNull();
    expect(persistedOutput([{ type: 'text', text: 'a' }, { type: 'image' }])).toBeNull();
  });
});
