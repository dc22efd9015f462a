import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gitSandboxEnv } from '#test/support/git-sandbox';
import { localFiles, type Files } from './git';
import { RemoteFiles } from './remote-files';
import { copyWorktreeInclude, mainCheckout } from './worktree-include';
import { createWorktree } from './worktrees';

let root: string;
let repo: string;
let env: NodeJS.ProcessEnv;

const run = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, env, encoding: 'utf8' }).trim();
const write = (file: string, text: string) => {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'tether-include-'));
  repo = join(root, 'project');
  env = gitSandboxEnv(root);
  write(join(repo, '.gitignore'), '.env\n*.log\nconfig/local.json\nsecrets/\n');
  write(join(repo, 'settings.json'), '{"tracked": true}\n');
  // settings.json is tracked: listed in .worktreeinclude, it is still never copied.
  write(
    join(repo, '.worktreeinclude'),
    '# what a worktree needs\n.env\nconfig/local.json\nsettings.json\nnotes.local\nsecrets/*\n!secrets/skip.txt\n',
  );
  run(repo, 'init', '-q', '-b', 'main');
  run(repo, 'add', '.');
  run(repo, 'commit', '-q', '-m', 'first');
  write(join(repo, '.env'), 'TOKEN=1\n');
  write(join(repo, 'config', 'local.json'), '{"local": true}\n');
  write(join(repo, 'secrets', 'key.txt'), 'key\n');
  write(join(repo, 'secrets', 'skip.txt'), 'negated\n');
  // Ignored, but not named: stays behind. Named, but not ignored: stays behind too.
  write(join(repo, 'debug.log'), 'log\n');
  write(join(repo, 'notes.local'), 'mine\n');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

/** This machine's files, or the same disk reached as a host's: the scripts run by a real `sh`. */
const places: [string, () => Files][] = [
  ['here', () => localFiles(env)],
  [
    'on a host',
    () =>
      new RemoteFiles('box', {
        command: async (_host, line) => ({ file: 'sh', args: ['-c', line], env }),
      }),
  ],
];

describe.each(places)('copyWorktreeInclude (%s)', (_place, filesFor) => {
  it('copies the ignored files .worktreeinclude names, and nothing else', async () => {
    const files = filesFor();
    const worktree = await createWorktree(repo, { files, home: root });
    const copied = await copyWorktreeInclude(worktree, { files });
    expect(copied.sort()).toEqual(['.env', 'config/local.json', 'secrets/key.txt']);
    expect(readFileSync(join(worktree.path, '.env'), 'utf8')).toBe('TOKEN=1\n');
    expect(readFileSync(join(worktree.path, 'config', 'local.json'), 'utf8')).toBe(
      '{"local": true}\n',
    );
    for (const left of ['debug.log', 'notes.local', 'secrets/skip.txt']) {
      expect(existsSync(join(worktree.path, left)), left).toBe(false);
    }
    // The worktree's own checkout of a tracked file, not the main checkout's copy.
    write(join(repo, 'settings.json'), '{"changed": true}\n');
    expect(await copyWorktreeInclude(worktree, { files })).toEqual([]);
    expect(readFileSync(join(worktree.path, 'settings.json'), 'utf8')).toBe('{"tracked": true}\n');
    expect(readFileSync(join(worktree.path, '.env'), 'utf8')).toBe('TOKEN=1\n');
  });

  it('reads and writes nothing outside the repository through links', async () => {
    const files = filesFor();
    const outside = join(root, 'outside');
    write(join(outside, 'secret'), 'not the repository\n');
    rmSync(join(repo, '.env'));
    symlinkSync(join(outside, 'secret'), join(repo, '.env'));
    const worktree = await createWorktree(repo, { files, home: root });
    // A worktree folder that is a link out of it: what goes there is left out.
    symlinkSync(outside, join(worktree.path, 'config'));
    const copied = await copyWorktreeInclude(worktree, { files });
    expect(copied).toEqual(['secrets/key.txt']);
    expect(existsSync(join(worktree.path, '.env'))).toBe(false);
    expect(existsSync(join(outside, 'local.json'))).toBe(false);

    rmSync(join(repo, '.worktreeinclude'));
    write(join(outside, 'include'), '*\n');
    symlinkSync(join(outside, 'include'), join(repo, '.worktreeinclude'));
    await expect(copyWorktreeInclude(worktree, { files })).rejects.toThrow(
      /is not a plain file in the repository/,
    );
  });

  it('refuses names that climb out, and a worktree that is not one', async () => {
    const files = filesFor();
    write(join(root, 'elsewhere', 'x'), 'x\n');
    const target = join(root, 'target');
    mkdirSync(target);
    expect(
      await files.copyFiles(repo, target, ['../elsewhere/x', '/etc/hostname', '.env']),
    ).toEqual(['.env']);
    const worktree = await createWorktree(repo, { files, home: root });
    await expect(
      copyWorktreeInclude({ ...worktree, path: join(root, 'elsewhere') }, { files }),
    ).rejects.toThrow(/no longer a worktree/);
  });
});

describe('mainCheckout', () => {
  it('is the main checkout from any of its worktrees and folders', async () => {
    const files = localFiles(env);
    const worktree = await createWorktree(repo, { files, home: root });
    mkdirSync(join(worktree.path, 'sub'));
    expect(await mainCheckout(join(worktree.path, 'sub'), { files })).toBe(resolve(repo));
    expect(await mainCheckout(repo, { files })).toBe(resolve(repo));
    await expect(mainCheckout(root, { files })).rejects.toThrow(/is not in a git repository/);
  });
});
