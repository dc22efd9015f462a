import { execFile, execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gitSandboxEnv, markerCommand } from '#test/support/git-sandbox';
import type { Worktree } from '../../shared/worktree';
import {
  createWorktree,
  discardWorktree,
  mergeWorktree,
  worktreeFolder,
  worktreeLeftovers,
  worktreeStat,
} from './worktrees';

const execFileAsync = promisify(execFile);

let root: string;
let repo: string;
let env: NodeJS.ProcessEnv;

const run = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, env, encoding: 'utf8' }).trim();
const branches = () => run(repo, 'branch', '--format=%(refname:short)').split('\n');
const create = (random?: () => string) =>
  createWorktree(repo, { env, home: root, ...(random ? { random } : {}) });

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'tether-worktrees-'));
  repo = join(root, 'project');
  mkdirSync(repo);
  env = gitSandboxEnv(root);
  run(repo, 'init', '-q', '-b', 'main');
  writeFileSync(join(repo, 'notes.txt'), 'one\ntwo\n');
  run(repo, 'add', '.');
  run(repo, 'commit', '-q', '-m', 'first');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('createWorktree', () => {
  it('makes a worktree on a new branch from HEAD beside the repository', async () => {
    const worktree = await create(() => 'k3f9');
    expect(worktree).toEqual({
      repo: resolve(run(repo, 'rev-parse', '--show-toplevel')),
      path: join(root, 'project.worktrees', 'agent-k3f9'),
      branch: 'tether/agent-k3f9',
      base: 'main',
      baseCommit: run(repo, 'rev-parse', 'HEAD'),
      baseIsBranch: true,
    });
    expect(readFileSync(join(worktree.path, 'notes.txt'), 'utf8')).toBe('one\ntwo\n');
    expect(run(worktree.path, 'branch', '--show-current')).toBe('tether/agent-k3f9');
  });

  it('starts from a folder inside the repository too, and picks a free name', async () => {
    mkdirSync(join(repo, 'src'));
    const slugs = ['aaaa', 'aaaa', 'bbbb'];
    const first = await createWorktree(join(repo, 'src'), {
      env,
      home: root,
      random: () => slugs.shift()!,
    });
    const second = await createWorktree(repo, { env, home: root, random: () => slugs.shift()! });
    expect([first.branch, second.branch]).toEqual(['tether/agent-aaaa', 'tether/agent-bbbb']);
  });

  it('goes in the folder the setting names: relative to the repository, or under home', () => {
    const app = resolve('/r/app');
    const home = resolve('/home/u');
    expect(worktreeFolder(app, null, home)).toBe(resolve('/r/app.worktrees'));
    expect(worktreeFolder(app, '.trees', home)).toBe(resolve('/r/app/.trees'));
    expect(worktreeFolder(app, '~/trees', home)).toBe(resolve('/home/u/trees'));
    expect(worktreeFolder(app, resolve('/srv/trees'), home)).toBe(resolve('/srv/trees'));
  });

  it('says why it cannot outside a repository, in an empty one, or for a missing folder', async () => {
    const plain = join(root, 'plain');
    mkdirSync(plain);
    await expect(createWorktree(plain, { env, home: root })).rejects.toThrow(
      `${plain} is not in a git repository`,
    );
    const empty = join(root, 'empty');
    mkdirSync(empty);
    run(empty, 'init', '-q');
    await expect(createWorktree(empty, { env, home: root })).rejects.toThrow('has no commit yet');
    await expect(createWorktree(join(root, 'gone'), { env, home: root })).rejects.toThrow(
      `the folder ${join(root, 'gone')} does not exist`,
    );
  });

  it('says so when git is not installed', async () => {
    await expect(createWorktree(repo, { env: { ...env, PATH: root }, home: root })).rejects.toThrow(
      'git was not found',
    );
  });

  it('records a detached HEAD as a commit, which cannot be merged into', async () => {
    run(repo, 'checkout', '-q', '--detach');
    const worktree = await create();
    expect(worktree.baseIsBranch).toBe(false);
    expect(worktree.baseCommit.startsWith(worktree.base)).toBe(true);
    await expect(mergeWorktree(worktree, { env })).rejects.toThrow('detached HEAD');
  });
});

describe('a worktree at work', () => {
  let worktree: Worktree;
  beforeEach(async () => {
    worktree = await create(() => 'work');
  });

  it('counts changed lines, new files and commits against its base', async () => {
    expect(await worktreeStat(worktree, { env })).toEqual({
      files: 0,
      insertions: 0,
      deletions: 0,
      untracked: 0,
      commits: 0,
    });
    writeFileSync(join(worktree.path, 'notes.txt'), 'one\nTWO\nthree\n');
    writeFileSync(join(worktree.path, 'new.txt'), 'x\n');
    // The new file's line counts before it is added, as it does after.
    expect(await worktreeStat(worktree, { env })).toEqual({
      files: 2,
      insertions: 3,
      deletions: 1,
      untracked: 1,
      commits: 0,
    });
    run(worktree.path, 'add', '.');
    run(worktree.path, 'commit', '-q', '-m', 'agent edits');
    // Committed, the same changes are still against the base, now in one commit and tracked.
    expect(await worktreeStat(worktree, { env })).toEqual({
      files: 2,
      insertions: 3,
      deletions: 1,
      untracked: 0,
      commits: 1,
    });
  });

  it('lists what a discard would lose, then removes the worktree and its branch', async () => {
    writeFileSync(join(worktree.path, 'a.txt'), 'a\n');
    run(worktree.path, 'add', '.');
    run(worktree.path, 'commit', '-q', '-m', 'add a');
    writeFileSync(join(worktree.path, 'notes.txt'), 'changed\n');
    mkdirSync(join(worktree.path, 'deep'));
    writeFileSync(join(worktree.path, 'deep', 'b.txt'), 'b\n');

    const leftovers = await worktreeLeftovers(worktree, { env });
    expect(leftovers.unmergedCommits.map((commit) => commit.subject)).toEqual(['add a']);
    expect(leftovers.unmergedTotal).toBe(1);
    expect([...leftovers.uncommittedFiles].sort()).toEqual(['deep/b.txt', 'notes.txt']);

    await discardWorktree(worktree, { env });
    expect(existsSync(worktree.path)).toBe(false);
    expect(branches()).toEqual(['main']);
    expect(run(repo, 'worktree', 'list')).not.toContain('agent-work');
  });

  it('discards a worktree whose folder was already deleted', async () => {
    rmSync(worktree.path, { recursive: true, force: true });
    await discardWorktree(worktree, { env });
    expect(branches()).toEqual(['main']);
  });

  it('merges into the base, committing what was left uncommitted, then cleans up', async () => {
    writeFileSync(join(worktree.path, 'notes.txt'), 'one\ntwo\nthree\n');
    writeFileSync(join(worktree.path, 'made.txt'), 'made by the agent\n');
    const merged = await mergeWorktree(worktree, { env });
    expect(merged.into).toBe('main');
    expect(readFileSync(join(repo, 'notes.txt'), 'utf8')).toBe('one\ntwo\nthree\n');
    expect(readFileSync(join(repo, 'made.txt'), 'utf8')).toBe('made by the agent\n');
    expect(run(repo, 'log', '-1', '--format=%s', 'HEAD')).toBe('Agent work in tether/agent-work');
    expect(existsSync(worktree.path)).toBe(false);
    expect(branches()).toEqual(['main']);
  });

  it('refuses on conflicts and says where, leaving the base as it was', async () => {
    writeFileSync(join(worktree.path, 'notes.txt'), 'agent\n');
    writeFileSync(join(repo, 'notes.txt'), 'human\n');
    run(repo, 'commit', '-q', '-am', 'human edit');
    const before = run(repo, 'rev-parse', 'HEAD');

    await expect(mergeWorktree(worktree, { env })).rejects.toThrow(
      'merging tether/agent-work into main stopped on conflicts in notes.txt; nothing was merged',
    );
    expect(run(repo, 'rev-parse', 'HEAD')).toBe(before);
    expect(run(repo, 'status', '--porcelain')).toBe('');
    expect(readFileSync(join(repo, 'notes.txt'), 'utf8')).toBe('human\n');
    // The worktree and its work stay for the user to sort out.
    expect(readFileSync(join(worktree.path, 'notes.txt'), 'utf8')).toBe('agent\n');
    expect(branches()).toContain('tether/agent-work');
  });

  it('refuses when the base is not checked out anywhere', async () => {
    run(repo, 'checkout', '-q', '-b', 'other');
    await expect(mergeWorktree(worktree, { env })).rejects.toThrow(
      'main is not checked out anywhere',
    );
  });

  it('acts only on a worktree that is what the block says', async () => {
    // The main checkout, or a real worktree named with another branch, are refused untouched.
    await expect(discardWorktree({ ...worktree, path: repo }, { env })).rejects.toThrow(
      'is no longer a worktree of',
    );
    await expect(discardWorktree({ ...worktree, branch: 'main' }, { env })).rejects.toThrow(
      'is no longer a worktree of main',
    );
    expect(existsSync(join(repo, 'notes.txt'))).toBe(true);
    expect(existsSync(worktree.path)).toBe(true);
  });
});

describe('a repository whose config would run programs', () => {
  let worktree: Worktree;
  beforeEach(async () => {
    worktree = await create(() => 'read');
  });

  it('runs none of them for a read: stat, leftovers', async () => {
    // A tracked file touched but unchanged: status and diff refresh the index and may write it.
    writeFileSync(join(worktree.path, 'same.txt'), 'same\n');
    run(worktree.path, 'add', 'same.txt');
    run(worktree.path, 'commit', '-q', '-m', 'same');
    const ran = (name: string) => join(root, `${name}-ran`);
    run(repo, 'config', 'core.fsmonitor', markerCommand(ran('fsmonitor')));
    run(repo, 'config', 'diff.external', markerCommand(ran('external')));
    run(repo, 'config', 'diff.conv.textconv', `${markerCommand(ran('textconv'))}; cat`);
    const hook = join(repo, '.git', 'hooks', 'post-index-change');
    mkdirSync(dirname(hook), { recursive: true });
    writeFileSync(hook, `#!/bin/sh\n${markerCommand(ran('hook'))}\n`, { mode: 0o755 });
    writeFileSync(join(worktree.path, '.gitattributes'), '*.txt diff=conv\n');
    writeFileSync(join(worktree.path, 'notes.txt'), 'one\nTWO\n');
    const later = new Date(Date.now() + 10_000);
    utimesSync(join(worktree.path, 'same.txt'), later, later);

    // notes.txt's two, and the one line of the new .gitattributes.
    expect(await worktreeStat(worktree, { env })).toMatchObject({ insertions: 3, deletions: 1 });
    expect((await worktreeLeftovers(worktree, { env })).uncommittedTotal).toBe(2);
    const names = ['fsmonitor', 'hook', 'external', 'textconv'];
    expect(names.filter((name) => existsSync(ran(name)))).toEqual([]);
    // Plain git runs each of them: the repository is armed.
    run(worktree.path, 'status');
    run(worktree.path, 'diff', 'HEAD');
    run(worktree.path, 'diff', '--no-ext-diff', 'HEAD');
    expect(names.filter((name) => existsSync(ran(name)))).toEqual(names);
  });

  it('refuses a worktree whose .git file now points at a git dir of its own', async () => {
    // What an agent could write inside its worktree: a git dir whose config runs a program.
    const marker = join(root, 'ran');
    const planted = join(worktree.path, 'planted');
    run(root, 'clone', '-q', repo, planted);
    run(planted, 'config', 'core.fsmonitor', markerCommand(marker));
    writeFileSync(join(worktree.path, '.git'), `gitdir: ${join(planted, '.git')}\n`);

    const refusal = `${worktree.path} is no longer a worktree of ${worktree.repo}: its .git file points elsewhere`;
    const outcomes: string[] = [];
    for (const call of [worktreeStat, worktreeLeftovers, mergeWorktree, discardWorktree]) {
      outcomes.push(
        await call(worktree, { env }).then(
          () => 'done',
          (error: Error) => error.message,
        ),
      );
    }
    expect(existsSync(marker)).toBe(false);
    expect(outcomes).toEqual([refusal, refusal, refusal, refusal]);
    expect(existsSync(worktree.path)).toBe(true);
  });
});

describe.skipIf(process.platform === 'win32')('a worktree path with a newline', () => {
  it('is found in the worktree list, counted and discarded', async () => {
    const worktree = await createWorktree(repo, {
      env,
      home: root,
      folder: join(root, 'odd\nfolder'),
      random: () => 'line',
    });
    expect(worktree.path).toBe(join(root, 'odd\nfolder', 'agent-line'));
    writeFileSync(join(worktree.path, 'new.txt'), 'x\n');
    expect(await worktreeStat(worktree, { env })).toMatchObject({ files: 1, untracked: 1 });
    await discardWorktree(worktree, { env });
    expect(existsSync(worktree.path)).toBe(false);
    expect(branches()).toEqual(['main']);
  });
});

describe.skipIf(process.platform === 'win32')('git before 2.36', () => {
  it('lists worktrees without -z, which it does not know', async () => {
    const worktree = await create(() => 'old1');
    // A git that answers `worktree list -z` as git 2.35 does, and is the real one otherwise.
    const shim = join(root, 'old-git');
    mkdirSync(shim);
    const real = execFileSync('sh', ['-c', 'command -v git'], { env, encoding: 'utf8' }).trim();
    writeFileSync(
      join(shim, 'git'),
      `#!/bin/sh\ncase " $* " in *" list "*"-z "*) echo 'error: unknown switch z' >&2; exit 129;; esac\nexec '${real}' "$@"\n`,
      { mode: 0o755 },
    );
    const old = { env: { ...env, PATH: `${shim}${delimiter}${env['PATH']}` } };
    await expect(
      execFileAsync('git', ['worktree', 'list', '-z'], { ...old, cwd: repo }),
    ).rejects.toThrow('unknown switch');
    writeFileSync(join(worktree.path, 'new.txt'), 'x\n');
    expect(await worktreeStat(worktree, old)).toMatchObject({ files: 1, untracked: 1 });
    await discardWorktree(worktree, old);
    expect(branches()).toEqual(['main']);
  });
});

describe('branch names that read as options', () => {
  // `git log --output=<root>/out..tether/agent-x` (base `--output=<root>/out`, then `..branch`)
  // writes into a folder named `out..tether`, which an agent can make beforehand.
  const output = () => join(root, 'out');
  const written = () => readdirSync(`${output()}..tether`);
  beforeEach(() => mkdirSync(`${output()}..tether`));

  it('a repository on a branch named --output=… gets no worktree, and no file', async () => {
    run(repo, 'update-ref', `refs/heads/--output=${output()}`, 'HEAD');
    run(repo, 'symbolic-ref', 'HEAD', `refs/heads/--output=${output()}`);
    await expect(create()).rejects.toThrow(
      `the current branch "--output=${output()}" is not a valid branch name (or starts with "-"), so Tether will not pass it to git`,
    );
    expect(written()).toEqual([]);
  });

  it('a block naming one as its base or branch is refused by every call, and no file is written', async () => {
    const worktree = await create(() => 'opts');
    run(repo, 'update-ref', `refs/heads/--output=${output()}`, 'HEAD');
    const badBase = { ...worktree, base: `--output=${output()}` };
    const badBranch = { ...worktree, branch: `--output=${output()}` };
    const outcomes: string[] = [];
    for (const call of [worktreeStat, worktreeLeftovers, mergeWorktree, discardWorktree]) {
      for (const named of [badBase, badBranch]) {
        outcomes.push(
          await call(named, { env }).then(
            () => 'done',
            (error: Error) => error.message,
          ),
        );
      }
    }
    expect(written()).toEqual([]);
    const refused = (what: string) =>
      `${what} "--output=${output()}" is not a valid branch name (or starts with "-"), so Tether will not pass it to git`;
    expect(outcomes).toEqual(
      Array.from({ length: 4 }, () => [
        refused('the base'),
        refused("the worktree's branch"),
      ]).flat(),
    );
    expect(existsSync(worktree.path)).toBe(true);
  });
});
