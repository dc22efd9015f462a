import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../shared/agent-event';
import { localFiles } from '../git/git';
import { editedTextOf, lineOfText, replacementOf, revertReplacement } from './edit-revert';

const dir = mkdtempSync(join(tmpdir(), 'tether-revert-'));
afterEach(() => rmSync(join(dir, 'a.ts'), { force: true }));

const use = (name: string, input: Record<string, unknown>): AgentEvent & { type: 'tool_use' } => ({
  type: 'tool_use',
  id: 't',
  name,
  input,
  parent_tool_use_id: null,
});

describe('reverting a hunk the agent edited', () => {
  const file = join(dir, 'a.ts');

  it('puts the old text back where the new one is', async () => {
    writeFileSync(file, 'const a = 2;\nconst b = 3;\n');
    const edit = replacementOf(
      use('Edit', { file_path: file, old_string: 'a = 1', new_string: 'a = 2' }),
      0,
    );
    await revertReplacement(edit as Exclude<typeof edit, string>);
    expect(readFileSync(file, 'utf8')).toBe('const a = 1;\nconst b = 3;\n');
  });

  it('takes one edit of a MultiEdit back, not the others', async () => {
    writeFileSync(file, 'x = 10\ny = 20\n');
    const call = use('MultiEdit', {
      file_path: file,
      edits: [
        { old_string: 'x = 1', new_string: 'x = 10' },
        { old_string: 'y = 2', new_string: 'y = 20' },
      ],
    });
    await revertReplacement(
      replacementOf(call, 1) as Exclude<ReturnType<typeof replacementOf>, string>,
    );
    expect(readFileSync(file, 'utf8')).toBe('x = 10\ny = 2\n');
  });

  it('refuses, writing nothing, when the file changed underneath', async () => {
    const edit = { path: file, oldText: 'a = 1', newText: 'a = 2' };
    writeFileSync(file, 'const a = 5;\n');
    await expect(revertReplacement(edit)).rejects.toThrow(
      'has changed since: the edited text is not in it',
    );
    writeFileSync(file, 'a = 2; a = 2;\n');
    await expect(revertReplacement(edit)).rejects.toThrow('more than once');
    expect(readFileSync(file, 'utf8')).toBe('a = 2; a = 2;\n');
  });

  it('says why a call has no hunk to take back', () => {
    expect(replacementOf(use('Write', { file_path: file, content: 'x' }), 0)).toMatch(/whole/);
    expect(
      replacementOf(use('Edit', { file_path: 'rel.ts', old_string: 'a', new_string: 'b' }), 0),
    ).toMatch(/absolute/);
    expect(
      replacementOf(
        use('Edit', { file_path: file, old_string: 'a', new_string: 'b', replace_all: true }),
        0,
      ),
    ).toMatch(/every occurrence/);
    expect(
      replacementOf(use('Edit', { file_path: file, old_string: 'a', new_string: '' }), 0),
    ).toMatch(/removed/);
  });
});

describe('where an edit is in its file now (the lines a review comment quotes)', () => {
  const file = join(dir, 'a.ts');
  const files = localFiles(process.env);

  it('finds the line an edit or a write starts on, while the file holds its text once', async () => {
    writeFileSync(file, 'one\ntwo\nthree\nfour\n');
    const edit = editedTextOf(
      use('MultiEdit', {
        file_path: file,
        edits: [
          { old_string: 'x', new_string: 'two' },
          { old_string: 'y', new_string: 'three\nfour' },
        ],
      }),
      1,
    );
    expect(await lineOfText(edit!, files)).toBe(3);
    const write = editedTextOf(use('Write', { file_path: file, content: 'one\ntwo\n' }), 0);
    expect(await lineOfText(write!, files)).toBe(1);
  });

  it('knows no line once the text is gone, doubled or the file deleted', async () => {
    const edit = editedTextOf(
      use('Edit', { file_path: file, old_string: 'a', new_string: 'b = 2' }),
      0,
    )!;
    writeFileSync(file, 'b = 3\n');
    expect(await lineOfText(edit, files)).toBeNull();
    writeFileSync(file, 'b = 2\nb = 2\n');
    expect(await lineOfText(edit, files)).toBeNull();
    rmSync(file);
    expect(await lineOfText(edit, files)).toBeNull();
    expect(
      editedTextOf(use('Edit', { file_path: file, old_string: 'a', new_string: '' }), 0),
    ).toBeNull();
  });
});
