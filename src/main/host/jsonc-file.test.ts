import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { editJsoncFile, editJsonText, SettingsFileError } from './jsonc-file';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'jsonc-file-test-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const commented = [
  '{',
  '\t// the team asked for this',
  '\t"permissions": {',
  '\t\t"allow": ["Bash(npm test)"], /* kept */',
  '\t},',
  '\t"somethingNewer": { "x": 1 }',
  '}',
  '',
].join('\r\n');

describe('editJsonText', () => {
  it('changes only the edited value: comments, unknown keys, tabs and CRLF stay', () => {
    const edited = editJsonText(commented, [
      { path: ['permissions', 'allow', 1], value: 'Read' },
      { path: ['permissions', 'deny'], value: ['Bash(rm -rf *)'] },
    ]);
    expect(edited).toContain('\t// the team asked for this\r\n');
    expect(edited).toContain('/* kept */');
    expect(edited).toContain('"somethingNewer": { "x": 1 }');
    expect(edited).not.toMatch(/[^\r]\n/);
    expect(edited).toContain('"Bash(npm test)"');
    expect(edited).toContain('"Read"');
    expect(edited).toContain('\t\t"deny": [');
  });

  it('removes a key whose value is undefined', () => {
    const edited = editJsonText('{\n  "a": 1,\n  "b": 2\n}\n', [{ path: ['a'], value: undefined }]);
    expect(JSON.parse(edited)).toEqual({ b: 2 });
  });
});

describe('editJsoncFile', () => {
  it('creates a missing file and keeps the mode of an existing one', async () => {
    const path = join(dir, 'settings.json');
    await editJsoncFile(path, () => [{ path: ['model'], value: 'haiku' }]);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ model: 'haiku' });
    await chmod(path, 0o640);
    await editJsoncFile(path, () => [{ path: ['model'], value: 'opus' }]);
    expect((await stat(path)).mode & 0o777).toBe(0o640);
    expect(await readdir(dir)).toEqual(['settings.json']);
  });

  it('refuses a file that does not parse and leaves it byte for byte', async () => {
    const path = join(dir, 'broken.json');
    await writeFile(path, '{\n  "a": 1,\n  "b": \n}\n');
    const error = await editJsoncFile(path, () => [{ path: ['c'], value: 1 }]).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SettingsFileError);
    expect(String(error)).toMatch(/broken\.json is not valid JSON \(ValueExpected on line 4\)/);
    expect(await readFile(path, 'utf8')).toBe('{\n  "a": 1,\n  "b": \n}\n');
  });

  it('writes nothing when validation refuses the result', async () => {
    const path = join(dir, 'settings.json');
    await writeFile(path, '{ "a": 1 }');
    await expect(
      editJsoncFile(
        path,
        () => [{ path: ['a'], value: 'two' }],
        (next) => {
          if (typeof (next as { a: unknown }).a !== 'number') throw new Error('a is a number');
        },
      ),
    ).rejects.toThrow('a is a number');
    expect(await readFile(path, 'utf8')).toBe('{ "a": 1 }');
  });

  it('runs concurrent edits of one file one at a time, none lost', async () => {
    const path = join(dir, 'settings.json');
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        editJsoncFile(path, (current) => {
          const list = (current as { list?: number[] }).list ?? [];
          return [{ path: ['list'], value: [...list, i] }];
        }),
      ),
    );
    const { list } = JSON.parse(await readFile(path, 'utf8')) as { list: number[] };
    expect(list).toEqual(Array.from({ length: 30 }, (_, i) => i));
  });
});
