import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gitSandboxEnv } from '#test/support/git-sandbox';
import type { Worktree } from '../../shared/worktree';
import { listWorktrees, pruneWorktree, recordWorktreeBase } from './worktree-list';
import { createWorktree, discardWorktree } from './worktrees';

let root: string;
let repo: string;
let env: NodeJS.ProcessEnv;

const run = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, env, encoding: 'utf8' }).trim();
const commit = (cwd: string, file: string, text: string) => {
  writeFileSync(join(cwd, file), text);
  run(cwd, 'add', file);
  run(cwd, 'commit', '-q', '-m', `write ${file}`);
};
/** A worktree as "New agent in worktree" makes it: created, then its base recorded. */
const create = async (slug: string) => {
  const worktree = await createWorktree(repo, { env, home: root, random: () => slug });
  await recordWorktreeBase(worktree, { env });
  return worktree;
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'tether-worktree-list-'));
  repo = join(root, 'project');
  mkdirSync(repo);
  env = gitSandboxEnv(root);
  run(repo, 'init', '-q', '-b', 'main');
  commit(repo, 'notes.txt', 'one\n');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('listWorktrees', () => {
  it('lists each Tether worktree with its counts, and one whose folder is gone', async () => {
    const busy = await create('busy');
    const lost = await create('lost');
    commit(busy.path, 'a.txt', 'a\n');
    commit(busy.path, 'b.txt', 'b\n');
    writeFileSync(join(busy.path, 'notes.txt'), 'changed\n');
    writeFileSync(join(busy.path, 'new.txt'), 'new\n');
    commit(repo, 'base.txt', 'the base moved on\n');
    rmSync(lost.path, { recursive: true, force: true });
    // A worktree of another branch is not Tether's and is not listed.
    run(repo, 'worktree', 'add', '-q', '-b', 'feature', join(root, 'feature'));

    // Asked from inside a worktree, the list is still the repository's.
    const list = await listWorktrees(busy.path, { env });
    expect(list.repo).toBe(busy.repo);
    expect(list.worktrees).toEqual([
      {
        worktree: busy,
        baseAssumed: false,
        gone: false,
        ahead: 2,
        behind: 1,
        uncommitted: 2,
      },
      {
        worktree: lost,
        baseAssumed: false,
        gone: true,
        ahead: 0,
        behind: 1,
        uncommitted: null,
      },
    ]);
  });

  it('takes the current branch as the base of a worktree that recorded none', async () => {
    const worktree = await createWorktree(repo, { env, home: root, random: () => 'old1' });
    commit(worktree.path, 'a.txt', 'a\n');
    const [listed] = (await listWorktrees(repo, { env })).worktrees;
    expect(listed).toMatchObject({ baseAssumed: true, ahead: 1, behind: 0, uncommitted: 0 });
    expect(listed!.worktree).toEqual(worktree);
  });

  it('keeps the base a worktree was made from after the repository moves to another branch', async () => {
    const worktree = await create('kept');
    run(repo, 'checkout', '-q', '-b', 'elsewhere');
    commit(repo, 'other.txt', 'x\n');
    const [listed] = (await listWorktrees(repo, { env })).worktrees;
    expect(listed).toMatchObject({ baseAssumed: false, ahead: 0, behind: 0 });
    expect(listed!.worktree).toEqual(worktree);
  });

  it('says so outside a git repository', async () => {
    const plain = join(root, 'plain');
    mkdirSync(plain);
    await expect(listWorktrees(plain, { env })).rejects.toThrow(
      'is not in a git repository: it has no worktrees',
    );
  });
});

describe('pruneWorktree', () => {
  it('forgets a worktree whose folder is gone and keeps its branch', async () => {
    const lost = await create('lost');
    rmSync(lost.path, { recursive: true, force: true });
    await pruneWorktree(lost, { env });
    expect((await listWorktrees(repo, { env })).worktrees).toEqual([]);
    expect(run(repo, 'branch', '--list', 'tether/agent-lost')).toContain('tether/agent-lost');
    // The branch keeps its recorded base until it is deleted, and then that goes with it.
    const keys = () => run(repo, 'config', '--list', '--name-only');
    expect(keys()).toContain('branch.tether/agent-lost.tetherbase');
    run(repo, 'branch', '-D', 'tether/agent-lost');
    expect(keys()).not.toContain('tetherbase');
  });

  it('refuses a worktree whose folder is still there', async () => {
    const here: Worktree = await create('here');
    await expect(pruneWorktree(here, { env })).rejects.toThrow('is still there');
    expect((await listWorktrees(repo, { env })).worktrees).toHaveLength(1);
  });

  it('lets discard delete a gone worktree and its branch', async () => {
    const lost = await create('lost');
    rmSync(lost.path, { recursive: true, force: true });
    await discardWorktree(lost, { env });
    expect(run(repo, 'branch', '--list', 'tether/*')).toBe('');
  });
});
