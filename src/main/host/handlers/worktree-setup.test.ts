import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gitSandboxEnv } from '#test/support/git-sandbox';
import { createWorktree } from '../../git/worktrees';
import { LaunchContext } from '../launch-context';
import { SettingsFile } from '../settings';
import { worktreeSetupHandlers } from './worktree-setup';

let root: string;
let repo: string;
let env: NodeJS.ProcessEnv;
let settings: SettingsFile;
let handlers: ReturnType<typeof worktreeSetupHandlers>;

const run = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, env });
const noHost = { command: () => Promise.reject(new Error('no host in this test')) };

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'tether-setup-'));
  repo = join(root, 'project');
  mkdirSync(repo);
  env = gitSandboxEnv(root);
  run(repo, 'init', '-q', '-b', 'main');
  writeFileSync(join(repo, '.gitignore'), '.env\n');
  writeFileSync(join(repo, '.worktreeinclude'), '.env\n');
  run(repo, 'add', '.');
  run(repo, 'commit', '-q', '-m', 'first');
  writeFileSync(join(repo, '.env'), 'TOKEN=1\n');
  settings = new SettingsFile(join(root, 'settings.json'));
  const launch = new LaunchContext({
    shell: { file: 'sh', args: [] },
    environment: Promise.resolve(env),
    settings,
  });
  handlers = worktreeSetupHandlers(launch, noHost, settings);
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('worktree set-up requests', () => {
  it('keep a set-up under the main checkout, found from any of its worktrees', async () => {
    expect(await handlers.worktreeSetup({ cwd: repo })).toEqual({
      repo: resolve(repo),
      command: '',
      startAtOnce: false,
    });
    await handlers.changeWorktreeSetup({ repo, command: 'npm ci', startAtOnce: true });
    expect(JSON.parse(readFileSync(settings.path, 'utf8'))).toEqual({
      worktreeSetup: [{ repo, command: 'npm ci', startAtOnce: true }],
    });
    const worktree = await createWorktree(repo, { env, home: root });
    expect(await handlers.worktreeSetup({ cwd: worktree.path })).toMatchObject({
      command: 'npm ci',
      startAtOnce: true,
    });
    expect(await handlers.prepareWorktree({ worktree })).toEqual({
      copied: ['.env'],
      problem: null,
      setup: { command: 'npm ci', startAtOnce: true },
    });
    // An empty command removes the set-up.
    await handlers.changeWorktreeSetup({ repo, command: ' ', startAtOnce: false });
    expect(settings.current.settings.worktreeSetup).toBeNull();
    expect((await handlers.prepareWorktree({ worktree })).setup).toBeNull();
  });

  it('say why the files were not copied, and still give the set-up', async () => {
    await handlers.changeWorktreeSetup({ repo, command: 'make', startAtOnce: false });
    const worktree = await createWorktree(repo, { env, home: root });
    rmSync(join(repo, '.worktreeinclude'));
    writeFileSync(join(root, 'elsewhere'), '*\n');
    symlinkSync(join(root, 'elsewhere'), join(repo, '.worktreeinclude'));
    expect(await handlers.prepareWorktree({ worktree })).toEqual({
      copied: [],
      problem: expect.stringContaining('is not a plain file in the repository'),
      setup: { command: 'make', startAtOnce: false },
    });
  });
});
