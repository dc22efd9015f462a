// node-pty 1.1.0's tarball ships spawn-helper without its execute bit (macOS terminals then fail with
// "posix_spawnp failed"); the postinstall script must restore it, quietly and without ever failing
// the install.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const script = join(repo, 'scripts', 'fix-spawn-helper.mjs');
const realPrebuilds = join(repo, 'node_modules', 'node-pty', 'prebuilds');

function run(args: string[], cwd: string): string {
  return execFileSync(process.execPath, [script, ...args], { cwd, encoding: 'utf8' });
}

function mode(path: string): number {
  return statSync(path).mode & 0o777;
}

/** A node-pty folder laid out as npm installs 1.1.0: prebuilds without the execute bit. */
function fakeNodePty(dir: string): void {
  for (const arch of ['darwin-arm64', 'darwin-x64']) {
    mkdirSync(join(dir, 'prebuilds', arch), { recursive: true });
    copyFileSync(
      join(realPrebuilds, arch, 'spawn-helper'),
      join(dir, 'prebuilds', arch, 'spawn-helper'),
    );
    chmodSync(join(dir, 'prebuilds', arch, 'spawn-helper'), 0o644);
    writeFileSync(join(dir, 'prebuilds', arch, 'pty.node'), '', { mode: 0o644 });
  }
  mkdirSync(join(dir, 'prebuilds', 'win32-x64'), { recursive: true });
  writeFileSync(join(dir, 'prebuilds', 'win32-x64', 'pty.node'), '', { mode: 0o644 });
  // A from-source build (npm_config_build_from_source) puts its helper here, owner-only.
  mkdirSync(join(dir, 'build', 'Release'), { recursive: true });
  writeFileSync(join(dir, 'build', 'Release', 'spawn-helper'), '', { mode: 0o600 });
}

describe('scripts/fix-spawn-helper.mjs', () => {
  let root: string;
  let nodePty: string;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'tether-spawn-helper-'));
    nodePty = join(root, 'node_modules', 'node-pty');
    fakeNodePty(nodePty);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('gives every spawn-helper the execute bit wherever it is readable, and nothing else', () => {
    const output = run([nodePty], root);

    expect(mode(join(nodePty, 'prebuilds', 'darwin-arm64', 'spawn-helper'))).toBe(0o755);
    expect(mode(join(nodePty, 'prebuilds', 'darwin-x64', 'spawn-helper'))).toBe(0o755);
    expect(mode(join(nodePty, 'build', 'Release', 'spawn-helper'))).toBe(0o700);
    expect(mode(join(nodePty, 'prebuilds', 'darwin-arm64', 'pty.node'))).toBe(0o644);
    expect(mode(join(nodePty, 'prebuilds', 'win32-x64', 'pty.node'))).toBe(0o644);
    // Only an install on macOS, where spawn-helper runs, says what it changed.
    if (process.platform === 'darwin') {
      expect(output.trim().split('\n')).toEqual([
        'fix-spawn-helper: made node_modules/node-pty/build/Release/spawn-helper executable',
        'fix-spawn-helper: made node_modules/node-pty/prebuilds/darwin-arm64/spawn-helper executable',
        'fix-spawn-helper: made node_modules/node-pty/prebuilds/darwin-x64/spawn-helper executable',
      ]);
    } else {
      expect(output).toBe('');
    }
  });

  it('runs as the postinstall script does: no argument, from the project folder', () => {
    run([], root);
    expect(mode(join(nodePty, 'prebuilds', 'darwin-arm64', 'spawn-helper'))).toBe(0o755);
  });

  it('says nothing when there is nothing to do, and a second run changes nothing', () => {
    run([nodePty], root);
    expect(run([nodePty], root)).toBe('');
    expect(mode(join(nodePty, 'prebuilds', 'darwin-x64', 'spawn-helper'))).toBe(0o755);
  });

  it('never fails an install that has no node-pty, or an odd one', () => {
    expect(run([join(root, 'missing')], root)).toBe('');
    rmSync(join(nodePty, 'prebuilds'), { recursive: true });
    writeFileSync(join(nodePty, 'prebuilds'), 'not a folder');
    run([nodePty], root);
    expect(mode(join(nodePty, 'build', 'Release', 'spawn-helper'))).toBe(0o700);
  });
});
