import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { privateDir, sshCommand } from './ssh-connection';

let base: string | undefined;
afterEach(() => {
  if (base) rmSync(base, { recursive: true, force: true });
  base = undefined;
});

describe.skipIf(process.platform === 'win32')('privateDir', () => {
  it('makes a folder only this user may enter, and refuses one others may', () => {
    base = mkdtempSync(join(tmpdir(), 'tether-private-'));
    const dir = privateDir(base);
    expect(dir).toBe(join(base, `tether-${process.getuid!()}`));
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    chmodSync(dir, 0o755);
    expect(() => privateDir(base, undefined, undefined, [])).toThrow(
      /is not a private folder of this user, nor could one be made/,
    );
  });

  it('goes elsewhere when that folder is taken (made first by another user)', () => {
    base = mkdtempSync(join(tmpdir(), 'tether-private-'));
    const taken = privateDir(base);
    chmodSync(taken, 0o777);
    const runtime = join(base, 'runtime');
    const dir = privateDir(base, undefined, undefined, ['', runtime, join(base, 'home')]);
    expect(dir).toBe(join(runtime, 'tether'));
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });
});

describe('sshCommand', () => {
  it('shares a master everywhere but on Windows, whose OpenSSH has no ControlMaster', () => {
    const settings = { controlDir: '/tmp/tether-0', env: {} };
    const unix = sshCommand({ host: 'h', user: 'me', port: 2222 }, settings, {
      kind: 'pipe',
      command: 'true',
    });
    expect(unix.args).toContain('ControlPath=/tmp/tether-0/%C');
    // The host after `--`, so nothing typed as a host can be read as an option.
    expect(unix.args.slice(-8)).toEqual(['-l', 'me', '-p', '2222', '-T', '--', 'h', 'true']);
    const windows = sshCommand({ host: 'h' }, { ...settings, platform: 'win32' }, { kind: 'tty' });
    expect(windows.args.some((arg) => arg.startsWith('Control'))).toBe(false);
    expect(windows.args.slice(-3)).toEqual(['-tt', '--', 'h']);
  });
});

describe('privateDir on Windows', () => {
  it('is a folder of the user’s own temp folder, with no POSIX modes to check', () => {
    const dir = privateDir(undefined, undefined, 'win32');
    expect(dir).toBe(join(tmpdir(), 'tether-ssh'));
    expect(statSync(dir).isDirectory()).toBe(true);
  });
});
