import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gitRead, isBranchName } from './git';
import { gitSandboxEnv, markerCommand } from '#test/support/git-sandbox';

let root: string;
let repo: string;
let env: NodeJS.ProcessEnv;

const run = (...args: string[]) => execFileSync('git', args, { cwd: repo, env, encoding: 'utf8' });

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'tether-git-'));
  repo = join(root, 'project');
  env = gitSandboxEnv(root);
  execFileSync('git', ['init', '-q', '-b', 'main', repo], { env });
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('gitRead', () => {
  it('runs no external diff program nor textconv driver a repository configures', async () => {
    writeFileSync(join(repo, '.gitattributes'), '*.txt diff=conv\n');
    writeFileSync(join(repo, 'notes.txt'), 'one\n');
    run('add', '.');
    run('commit', '-q', '-m', 'first');
    const external = join(root, 'external-ran');
    const textconv = join(root, 'textconv-ran');
    run('config', 'diff.external', markerCommand(external));
    run('config', 'diff.conv.textconv', `${markerCommand(textconv)}; cat`);
    writeFileSync(join(repo, 'notes.txt'), 'one\ntwo\n');

    const patch = await gitRead(repo, ['diff', 'HEAD'], { env });
    const log = await gitRead(repo, ['log', '-p', '--format=%s'], { env });
    expect(patch).toContain('+two');
    expect(log).toContain('+one');
    expect(existsSync(external)).toBe(false);
    expect(existsSync(textconv)).toBe(false);
    // The same reads through plain git run both: the repository above is armed.
    run('diff', 'HEAD');
    run('diff', '--no-ext-diff', 'HEAD');
    expect([existsSync(external), existsSync(textconv)]).toEqual([true, true]);
  });
});

describe('isBranchName', () => {
  it('agrees with git check-ref-format --branch, and refuses what reads as an option', () => {
    const names = [
      'main',
      'tether/agent-k3f9',
      'feature/x-1',
      'a/-b',
      'ünïcode',
      '-x',
      '--output=/tmp/out',
      'HEAD',
      'a..b',
      'a@{1}',
      'a b',
      'a~1',
      'a^',
      'a:b',
      'a?',
      'a*',
      'a[b',
      'a\\b',
      'a\tb',
      '.hidden',
      'a/.b',
      'a.lock',
      'a/b.lock/c',
      'a.',
      '/a',
      'a/',
      'a//b',
      '',
    ];
    for (const name of names) {
      const git = spawnSync('git', ['check-ref-format', '--branch', name], { cwd: repo, env });
      expect([name, isBranchName(name)]).toEqual([name, git.status === 0]);
    }
    // `--branch` reads `@` as HEAD's branch: a name that means another one is refused too.
    expect(isBranchName('@')).toBe(false);
  });
});
