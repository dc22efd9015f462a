import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeGh, type FakeGh } from '#test/support/fake-gh';
import { gitSandboxEnv } from '#test/support/git-sandbox';
import { recordWorktreeBase } from '../../git/worktree-list';
import { createWorktree } from '../../git/worktrees';
import type { RemoteCommands } from '../../git/remote-files';
import { LaunchContext } from '../launch-context';
import { worktreeListHandlers } from './worktree-list';

// Real git in a throwaway repository, and a stand-in gh first on the user's PATH.
let root: string;
let repo: string;
let env: NodeJS.ProcessEnv;
let gh: FakeGh;

const run = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, env, encoding: 'utf8' });

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'tether-worktree-list-handler-'));
  repo = join(root, 'project');
  mkdirSync(repo);
  gh = installFakeGh(join(root, 'gh'));
  env = { ...gitSandboxEnv(root), PATH: gh.path() };
  run(repo, 'init', '-q', '-b', 'main');
  writeFileSync(join(repo, 'notes.txt'), 'one\n');
  run(repo, 'add', '.');
  run(repo, 'commit', '-q', '-m', 'first');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

const handlers = () =>
  worktreeListHandlers(
    new LaunchContext({ shell: { file: 'sh', args: [] }, environment: Promise.resolve(env) }),
    {} as RemoteCommands,
  );

describe('listWorktrees', () => {
  it("gives each worktree the pull request gh reports for its branch, and none where gh can't say", async () => {
    const worktree = await createWorktree(repo, { env, home: root, random: () => 'pr01' });
    await recordWorktreeBase(worktree, { env });
    gh.setState({
      loggedIn: true,
      pr: {
        number: 7,
        url: 'https://github.com/o/r/pull/7',
        title: 'The agent’s work',
        body: '',
        state: 'OPEN',
        isDraft: false,
        head: worktree.branch,
        base: 'main',
      },
      checks: [{ name: 'test', state: 'FAILURE', bucket: 'fail', link: 'https://x/1' }],
    });
    const listed = await handlers().listWorktrees({ cwd: repo });
    expect(listed.worktrees.map((row) => row.pullRequest)).toEqual([
      {
        number: 7,
        url: 'https://github.com/o/r/pull/7',
        title: 'The agent’s work',
        state: 'open',
        checks: 'failing',
      },
    ]);

    gh.setState({ loggedIn: false });
    const unknown = await handlers().listWorktrees({ cwd: repo });
    expect(unknown.worktrees).toHaveLength(1);
    expect(unknown.worktrees[0]!.pullRequest).toBeUndefined();
  });
});
