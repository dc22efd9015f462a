import { describe, expect, it } from 'vitest';
import { integratedShell, withShellIntegration } from './launch';

const linux = { platform: 'linux' as const, env: {}, scriptFolder: () => '/tmp/tether-shell-x' };
const win32 = {
  platform: 'win32' as const,
  env: {},
  scriptFolder: () => "C:\\Users\\o'neil\\AppData\\Local\\Temp\\tether-shell-x",
};

describe('integratedShell', () => {
  it('knows each shell by its file name on every platform', () => {
    expect(integratedShell('/bin/bash', 'linux')).toBe('bash');
    expect(integratedShell('/usr/local/bin/zsh', 'darwin')).toBe('zsh');
    expect(integratedShell('/opt/homebrew/bin/fish', 'darwin')).toBe('fish');
    expect(integratedShell('C:\\Program Files\\PowerShell\\7\\pwsh.exe', 'win32')).toBe(
      'powershell',
    );
    expect(
      integratedShell('C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe', 'win32'),
    ).toBe('powershell');
    expect(integratedShell('C:\\Program Files\\Git\\bin\\BASH.EXE', 'win32')).toBe('bash');
    expect(integratedShell('/bin/sh', 'linux')).toBeNull();
    expect(integratedShell('C:\\Windows\\System32\\cmd.exe', 'win32')).toBeNull();
  });
});

describe('withShellIntegration', () => {
  it('bash reads the script instead of ~/.bashrc, and is told when it was a login shell', () => {
    expect(withShellIntegration({ file: '/bin/bash', args: [] }, linux)).toEqual({
      shell: { file: '/bin/bash', args: ['--init-file', '/tmp/tether-shell-x/tether.bash', '-i'] },
      env: {},
    });
    // macOS starts a login shell, as Terminal.app does.
    expect(
      withShellIntegration({ file: '/bin/bash', args: ['-l'] }, { ...linux, platform: 'darwin' }),
    ).toEqual({
      shell: { file: '/bin/bash', args: ['--init-file', '/tmp/tether-shell-x/tether.bash', '-i'] },
      env: { TETHER_SHELL_LOGIN: '1' },
    });
  });

  it("zsh gets its startup folder, remembering the user's own", () => {
    expect(withShellIntegration({ file: '/bin/zsh', args: ['-l'] }, linux)).toEqual({
      shell: { file: '/bin/zsh', args: ['-l'] },
      env: { ZDOTDIR: '/tmp/tether-shell-x/zsh' },
    });
    const env = { ZDOTDIR: '/home/u/.config/zsh' };
    expect(withShellIntegration({ file: '/bin/zsh', args: [] }, { ...linux, env }).env).toEqual({
      ZDOTDIR: '/tmp/tether-shell-x/zsh',
      TETHER_USER_ZDOTDIR: '/home/u/.config/zsh',
    });
  });

  it("fish finds the script first among its data folders and keeps finding the system's", () => {
    expect(withShellIntegration({ file: '/usr/bin/fish', args: [] }, linux).env).toEqual({
      XDG_DATA_DIRS: '/tmp/tether-shell-x/fish:/usr/local/share:/usr/share',
    });
    const env = { XDG_DATA_DIRS: '/nix/share:/usr/share' };
    expect(
      withShellIntegration({ file: '/usr/bin/fish', args: [] }, { ...linux, env }).env,
    ).toEqual({
      XDG_DATA_DIRS: '/tmp/tether-shell-x/fish:/nix/share:/usr/share',
      TETHER_USER_XDG_DATA_DIRS: '/nix/share:/usr/share',
    });
  });

  it('PowerShell dot-sources the script after the profile, with the path quoted', () => {
    const pwsh = 'C:\\Program Files\\PowerShell\\7\\pwsh.exe';
    expect(withShellIntegration({ file: pwsh, args: ['-NoLogo'] }, win32)).toEqual({
      shell: {
        file: pwsh,
        args: [
          '-NoLogo',
          '-NoExit',
          '-Command',
          ". 'C:\\Users\\o''neil\\AppData\\Local\\Temp\\tether-shell-x\\tether.ps1'",
        ],
      },
      env: {},
    });
  });

  it('leaves other shells, and shells given a command or options, as they are', () => {
    let asked = false;
    const context = { ...linux, scriptFolder: () => ((asked = true), '/x') };
    for (const shell of [
      { file: '/bin/sh', args: [] },
      { file: 'C:\\Windows\\System32\\cmd.exe', args: [] },
      { file: '/bin/bash', args: ['-c', 'echo hi'] },
      { file: '/bin/bash', args: ['--norc'] },
      { file: '/bin/zsh', args: ['-f'] },
      { file: 'pwsh', args: ['-NoProfile'] },
    ]) {
      expect(withShellIntegration(shell, context)).toEqual({ shell, env: {} });
    }
    expect(asked).toBe(false);
  });
});
