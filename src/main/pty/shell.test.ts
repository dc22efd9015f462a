import { describe, expect, it } from 'vitest';
import { defaultShell } from './shell';

const files =
  (...present: string[]) =>
  (path: string) =>
    present.includes(path);

const windowsEnv = {
  Path: 'C:\\WINDOWS\\system32;C:\\Users\\me\\scoop\\shims',
  PATHEXT: '.COM;.EXE;.BAT;.CMD',
  SystemRoot: 'C:\\WINDOWS',
  ProgramFiles: 'C:\\Program Files',
  ComSpec: 'C:\\WINDOWS\\system32\\cmd.exe',
};
const windowsPowerShell = 'C:\\WINDOWS\\System32\\WindowsPowerShell\\v1.0\\powershell.exe';
const programFilesPwsh = 'C:\\Program Files\\PowerShell\\7\\pwsh.exe';

describe('defaultShell', () => {
  it('win32: pwsh on PATH first', () => {
    const shell = defaultShell(windowsEnv, 'win32', {
      isExecutable: files(
        'C:\\Users\\me\\scoop\\shims\\pwsh.exe',
        programFilesPwsh,
        windowsPowerShell,
      ),
    });
    expect(shell).toEqual({ file: 'C:\\Users\\me\\scoop\\shims\\pwsh.exe', args: [] });
  });

  it('win32: then pwsh where its installer puts it, then Windows PowerShell, then COMSPEC', () => {
    expect(
      defaultShell(windowsEnv, 'win32', {
        isExecutable: files(programFilesPwsh, windowsPowerShell),
      }).file,
    ).toBe(programFilesPwsh);
    expect(defaultShell(windowsEnv, 'win32', { isExecutable: files(windowsPowerShell) }).file).toBe(
      windowsPowerShell,
    );
    expect(defaultShell(windowsEnv, 'win32', { isExecutable: files() }).file).toBe(
      'C:\\WINDOWS\\system32\\cmd.exe',
    );
    expect(defaultShell({}, 'win32', { isExecutable: files() }).file).toBe('cmd.exe');
  });

  it('darwin: $SHELL as a login shell, as Terminal.app starts it', () => {
    expect(defaultShell({ SHELL: '/bin/zsh' }, 'darwin')).toEqual({
      file: '/bin/zsh',
      args: ['-l'],
    });
  });

  it('linux: $SHELL, else the account’s shell, else /bin/sh', () => {
    expect(defaultShell({ SHELL: '/usr/bin/fish' }, 'linux')).toEqual({
      file: '/usr/bin/fish',
      args: [],
    });
    expect(defaultShell({}, 'linux', { accountShell: () => '/bin/bash' }).file).toBe('/bin/bash');
    expect(defaultShell({}, 'linux', { accountShell: () => undefined }).file).toBe('/bin/sh');
  });
});
