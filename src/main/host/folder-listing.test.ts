import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { markerCommand } from '#test/support/git-sandbox';
import { listFolder, walkFolder } from './folder-listing';

let root: string;
const limits = { maxFiles: 1000, timeMs: 5000 };

function write(files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

const tree = {
  '.gitignore': 'dist/\n*.log\n',
  'src/a.ts': '',
  'src/deep/b.ts': '',
  'src/.gitignore': 'generated.ts\n',
  'src/generated.ts': '',
  'dist/out.js': '',
  'debug.log': '',
  'README.md': '',
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'folder-listing-'));
  write(tree);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const kept = ['.gitignore', 'README.md', 'src/.gitignore', 'src/a.ts', 'src/deep/b.ts'];

describe('listFolder', () => {
  it('outside git walks the folder, leaving out what each .gitignore names', async () => {
    const listing = await listFolder(root, limits);
    expect(listing.how).toBe('walk');
    expect(listing.files.sort()).toEqual(kept);
    expect(listing.truncated).toBe(false);
  });

  it('in a git work tree lists tracked and untracked files git does not ignore', async () => {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'ignore' });
    git('init', '-q');
    git('add', 'README.md');
    write({ 'untracked.txt': '', 'dist/more.js': '' });
    const listing = await listFolder(root, limits);
    expect(listing.how).toBe('git');
    expect(listing.files.sort()).toEqual([...kept, 'untracked.txt'].sort());
  });

  it("runs no fsmonitor program the folder's git config names", async () => {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'ignore' });
    git('init', '-q');
    const marker = join(root, 'ran');
    git('config', 'core.fsmonitor', markerCommand(marker));
    expect((await listFolder(root, limits)).how).toBe('git');
    expect(existsSync(marker)).toBe(false);
    // Plain git runs it: the folder is armed.
    git('ls-files');
    expect(existsSync(marker)).toBe(true);
  });

  it('in a folder of a work tree lists that folder, relative to it', async () => {
    execFileSync('git', ['init', '-q'], { cwd: root });
    const listing = await listFolder(join(root, 'src'), limits);
    expect(listing.files.sort()).toEqual(['.gitignore', 'a.ts', 'deep/b.ts']);
  });

  it('stops at the most files it may hold, nearest the top first', async () => {
    write(Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`many/f${i}.txt`, ''])));
    const listing = await walkFolder(root, { maxFiles: 4, timeMs: 5000 });
    expect(listing.files).toHaveLength(4);
    expect(listing.truncated).toBe(true);
    expect(listing.files.slice(0, 2).sort()).toEqual(['.gitignore', 'README.md']);
    expect(listing.files).not.toContain('src/deep/b.ts');
  });

  it('stops when out of time with what it found', async () => {
    const listing = await walkFolder(root, { maxFiles: 1000, timeMs: -1 });
    expect(listing).toEqual({ files: [], truncated: true });
  });

  it('says nothing about a folder it cannot read', async () => {
    const listing = await listFolder(join(root, 'missing'), limits);
    expect(listing.files).toEqual([]);
  });
});
