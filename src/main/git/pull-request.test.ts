import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeGh, type FakeGh } from '#test/support/fake-gh';
import { gitSandboxEnv } from '#test/support/git-sandbox';
import type { Worktree } from '../../shared/worktree';
import { commitWorktree } from './commit';
import { GH_LOGGED_OUT, GH_MISSING } from './github-cli';
import {
  createPullRequest,
  failedCheckLog,
  LOG_LIMIT,
  pullRequestStatus,
  worktreePullRequest,
} from './pull-request';
import { pushWorktree } from './push';
import { createWorktree } from './worktrees';

// Real git throughout: a repository whose `origin` is a bare repository on disk, and a worktree
// made as "New agent in worktree" makes it. GitHub is the stand-in gh (test/support/fake-gh.ts).

let root: string;
let repo: string;
let origin: string;
let env: NodeJS.ProcessEnv;
let worktree: Worktree;
let fakeGh: FakeGh;

const run = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, env, encoding: 'utf8' }).trim();
const inOrigin = (...args: string[]) => run(origin, ...args);
const options = () => ({ env });

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'tether-pr-'));
  repo = join(root, 'project');
  origin = join(root, 'origin.git');
  mkdirSync(repo);
  fakeGh = installFakeGh(join(root, 'gh'));
  // The user's identity comes from their git config, as it would on their machine.
  env = { ...gitSandboxEnv(root), PATH: fakeGh.path() };
  for (const name of ['AUTHOR', 'COMMITTER']) {
    delete env[`GIT_${name}_NAME`];
    delete env[`GIT_${name}_EMAIL`];
  }
  run(root, 'config', '--global', 'user.name', 'Ada Lovelace');
  run(root, 'config', '--global', 'user.email', 'ada@example.com');
  run(root, 'init', '-q', '--bare', '-b', 'main', origin);
  run(repo, 'init', '-q', '-b', 'main');
  writeFileSync(join(repo, 'notes.txt'), 'one\n');
  run(repo, 'add', '.');
  run(repo, 'commit', '-q', '-m', 'first');
  run(repo, 'remote', 'add', 'origin', origin);
  run(repo, 'push', '-q', '-u', 'origin', 'main');
  worktree = await createWorktree(repo, { env, home: root, random: () => 'k3f9' });
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A hook in the repository, where the user keeps theirs: it applies to every worktree. */
function hook(name: string, script: string) {
  const file = join(repo, '.git', 'hooks', name);
  writeFileSync(file, `#!/bin/sh\n${script}\n`);
  chmodSync(file, 0o755);
}

function change() {
  writeFileSync(join(worktree.path, 'notes.txt'), 'one\ntwo\n');
  writeFileSync(join(worktree.path, 'new.txt'), 'new\n');
}

describe('commitWorktree', () => {
  it('commits every change as the user, and runs their hooks', async () => {
    const marker = join(root, 'pre-commit-ran');
    hook('pre-commit', `echo ran > '${marker}'`);
    change();
    const committed = await commitWorktree(
      worktree,
      'Add a second line\n\nAnd a new file.',
      options(),
    );
    expect(committed.files.sort()).toEqual(['new.txt', 'notes.txt']);
    expect(run(worktree.path, 'rev-parse', '--short', 'HEAD')).toBe(committed.commit);
    expect(run(worktree.path, 'log', '-1', '--format=%an <%ae>|%s')).toBe(
      'Ada Lovelace <ada@example.com>|Add a second line',
    );
    expect(run(worktree.path, 'status', '--porcelain')).toBe('');
    expect(existsSync(marker)).toBe(true);
  });

  it('refuses in one sentence when nothing changed', async () => {
    await expect(commitWorktree(worktree, 'Nothing', options())).rejects.toThrow(
      'There is nothing to commit in tether/agent-k3f9: no file has changed',
    );
  });

  it("says what the user's hook said when it refuses the commit", async () => {
    hook('pre-commit', 'echo "lint failed in notes.txt" >&2; exit 1');
    change();
    await expect(commitWorktree(worktree, 'Try', options())).rejects.toThrow(
      'git did not commit: lint failed in notes.txt',
    );
    expect(run(worktree.path, 'rev-list', '--count', 'HEAD')).toBe('1');
  });
});

describe('pushWorktree', () => {
  it('pushes to a new upstream on origin, then to that upstream', async () => {
    change();
    await commitWorktree(worktree, 'One', options());
    expect(await pushWorktree(worktree, options())).toEqual({
      upstream: 'origin/tether/agent-k3f9',
      newUpstream: true,
    });
    expect(inOrigin('rev-parse', 'refs/heads/tether/agent-k3f9')).toBe(
      run(worktree.path, 'rev-parse', 'HEAD'),
    );
    writeFileSync(join(worktree.path, 'more.txt'), 'more\n');
    await commitWorktree(worktree, 'Two', options());
    expect(await pushWorktree(worktree, options())).toEqual({
      upstream: 'origin/tether/agent-k3f9',
      newUpstream: false,
    });
    expect(inOrigin('log', '-1', '--format=%s', 'refs/heads/tether/agent-k3f9')).toBe('Two');
  });

  it('refuses when there is no origin', async () => {
    run(repo, 'remote', 'remove', 'origin');
    await expect(pushWorktree(worktree, options())).rejects.toThrow(
      'There is no remote named origin to push tether/agent-k3f9 to',
    );
  });

  it("gives git's reason when the remote rejects the push", async () => {
    change();
    await commitWorktree(worktree, 'Mine', options());
    await pushWorktree(worktree, options());
    // Someone else pushes to the branch meanwhile.
    const other = join(root, 'other');
    run(root, 'clone', '-q', '-b', 'tether/agent-k3f9', origin, other);
    writeFileSync(join(other, 'theirs.txt'), 'theirs\n');
    run(other, 'add', '.');
    run(other, 'commit', '-q', '-m', 'Theirs');
    run(other, 'push', '-q');
    writeFileSync(join(worktree.path, 'more.txt'), 'more\n');
    await commitWorktree(worktree, 'Mine again', options());
    await expect(pushWorktree(worktree, options())).rejects.toThrow(
      /^The push of tether\/agent-k3f9 was rejected \(fetch first\): the remote branch has commits/,
    );
    expect(inOrigin('log', '-1', '--format=%s', 'refs/heads/tether/agent-k3f9')).toBe('Theirs');
  });
});

describe('createPullRequest', () => {
  const draft = { title: '-Add notes', body: 'What the agent did.', draft: true };

  async function pushed() {
    change();
    await commitWorktree(worktree, 'Work', options());
    await pushWorktree(worktree, options());
  }

  it('asks gh, in the worktree, for a pull request of the branch into its base', async () => {
    await pushed();
    const pr = await createPullRequest(worktree, draft, env);
    expect(pr).toEqual({
      number: 1,
      url: 'https://github.com/tester/project/pull/1',
      title: '-Add notes',
      state: 'draft',
      checks: 'none',
    });
    expect(fakeGh.calls()).toEqual([
      ['auth', 'status'],
      [
        'pr',
        'create',
        '--head',
        'tether/agent-k3f9',
        '--base',
        'main',
        '--title=-Add notes',
        '--body=What the agent did.',
        '--draft',
      ],
      ['pr', 'view', 'tether/agent-k3f9', '--json=number,url,title,state,isDraft'],
    ]);
    expect(fakeGh.state().pr).toMatchObject({ head: 'tether/agent-k3f9', base: 'main' });
  });

  it('asks for a push first when the branch has none', async () => {
    await expect(createPullRequest(worktree, draft, env)).rejects.toThrow(
      'Push tether/agent-k3f9 first',
    );
    expect(fakeGh.calls().filter((call) => call[1] === 'create')).toEqual([]);
  });

  it('says gh is not logged in, and does nothing else', async () => {
    await pushed();
    fakeGh.setState({ loggedIn: false });
    await expect(createPullRequest(worktree, draft, env)).rejects.toThrow(GH_LOGGED_OUT);
    expect(fakeGh.calls()).toEqual([['auth', 'status']]);
  });

  it('says to install gh where there is none', async () => {
    await pushed();
    // A PATH with git and no gh.
    const bare = join(root, 'git-only');
    mkdirSync(bare);
    symlinkSync(
      execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim(),
      join(bare, 'git'),
    );
    env = { ...env, PATH: bare };
    await expect(createPullRequest(worktree, draft, env)).rejects.toThrow(GH_MISSING);
    expect(await pullRequestStatus(worktree, env)).toEqual({ pullRequest: null, failedChecks: [] });
    expect(fakeGh.calls()).toEqual([]);
  });
});

describe('pullRequestStatus', () => {
  const pr = {
    number: 7,
    url: 'https://github.com/tester/project/pull/7',
    title: 'Add notes',
    body: '',
    state: 'OPEN' as const,
    isDraft: false,
    head: 'tether/agent-k3f9',
    base: 'main',
  };
  const run1 = 'https://github.com/tester/project/actions/runs/123/job/456';

  it('is null without a pull request, or with gh logged out', async () => {
    expect(await worktreePullRequest(worktree, env)).toBeNull();
    fakeGh.setState({ pr, loggedIn: false });
    expect(await worktreePullRequest(worktree, env)).toBeNull();
    fakeGh.setState({ loggedIn: true });
    expect(await worktreePullRequest({ ...worktree, host: 'build-box' }, env)).toBeNull();
    expect(fakeGh.calls().filter((call) => call[1] === 'view')).toHaveLength(2);
  });

  it("rolls gh's checks up and names the failed ones", async () => {
    fakeGh.setState({ pr });
    expect(await worktreePullRequest(worktree, env)).toEqual({
      number: 7,
      url: pr.url,
      title: 'Add notes',
      state: 'open',
      checks: 'none',
    });
    fakeGh.setState({
      checks: [
        { name: 'lint', state: 'SUCCESS', bucket: 'pass', link: 'https://x/1' },
        { name: 'test', state: 'IN_PROGRESS', bucket: 'pending', link: 'https://x/2' },
      ],
    });
    expect((await worktreePullRequest(worktree, env))?.checks).toBe('pending');
    fakeGh.setState({
      checks: [
        { name: 'lint', state: 'SUCCESS', bucket: 'pass', link: 'https://x/1' },
        { name: 'test', state: 'FAILURE', bucket: 'fail', link: run1 },
      ],
    });
    expect(await pullRequestStatus(worktree, env)).toEqual({
      pullRequest: expect.objectContaining({ checks: 'failing' }),
      failedChecks: [{ name: 'test', link: run1 }],
    });
    expect(fakeGh.calls().at(-1)).toEqual([
      'pr',
      'checks',
      'tether/agent-k3f9',
      '--json=name,state,bucket,link',
    ]);
    fakeGh.setState({ pr: { ...pr, state: 'MERGED' }, checks: [] });
    expect((await worktreePullRequest(worktree, env))?.state).toBe('merged');
  });

  it("fetches a failed run's log with gh run view, its end when it is long", async () => {
    fakeGh.setState({ failedLog: `start\n${'x'.repeat(LOG_LIMIT)}\nAssertionError: 2 !== 3\n` });
    const log = await failedCheckLog(worktree, run1, env);
    expect(fakeGh.calls()).toEqual([['run', 'view', '123', '--log-failed']]);
    expect(log).toMatch(/^…\n/);
    expect(log).toContain('AssertionError: 2 !== 3');
    expect(log).not.toContain('start');
    expect(await failedCheckLog(worktree, 'https://ci.example.com/build/9', env)).toBeNull();
  });
});

describe('a worktree that is no longer what the block says', () => {
  it('is refused before gh is asked', async () => {
    const elsewhere = { ...worktree, path: repo };
    await expect(pullRequestStatus(elsewhere, env)).rejects.toThrow('is no longer a worktree');
    expect(fakeGh.calls()).toEqual([]);
    expect(readFileSync(join(repo, 'notes.txt'), 'utf8')).toBe('one\n');
  });
});
