import { describe, expect, it } from 'vitest';
import { staysInFolder } from './stays-in-folder';

describe('staysInFolder', () => {
  it.each(['src/a.ts', 'src\\a.ts', 'a..b/c', '', 'src/', '.env'])('keeps %j', (path) => {
    expect(staysInFolder(path)).toBe(true);
  });

  it.each([
    ['linux and darwin absolute', '/etc/passwd'],
    ['win32 absolute', 'C:\\Windows\\win.ini'],
    ['win32 drive-relative', 'C:secret'],
    ['win32 UNC', '\\\\server\\share\\x'],
    ['win32 rooted', '\\Users\\me'],
    ['posix parent', '../outside'],
    ['win32 parent', 'src\\..\\..\\outside'],
    ['home', '~/.ssh/id_rsa'],
  ])('refuses a %s path', (_kind, path) => {
    expect(staysInFolder(path)).toBe(false);
  });
});
