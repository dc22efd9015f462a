import { describe, expect, it } from 'vitest';
import { foregroundCommand } from './foreground';

describe('foregroundCommand', () => {
  it('is undefined while the shell itself is in the foreground (linux argv[0], macOS login)', () => {
    expect(foregroundCommand('/bin/bash', '/bin/bash')).toBeUndefined();
    expect(foregroundCommand('bash', '/usr/bin/bash')).toBeUndefined();
    expect(foregroundCommand('-zsh', '/bin/zsh')).toBeUndefined();
  });

  it('names the program that holds the terminal (linux, darwin)', () => {
    expect(foregroundCommand('sleep', '/bin/bash')).toBe('sleep');
    expect(foregroundCommand('/usr/bin/vim', '/bin/zsh')).toBe('vim');
  });

  it('compares Windows paths and .exe names without case trouble of their extension', () => {
    expect(
      foregroundCommand('pwsh.exe', 'C:\\Program Files\\PowerShell\\7\\pwsh.exe'),
    ).toBeUndefined();
    expect(foregroundCommand('python.EXE', 'C:\\Windows\\System32\\cmd.exe')).toBe('python');
  });

  it('is undefined when the process cannot be read', () => {
    expect(foregroundCommand(undefined, '/bin/bash')).toBeUndefined();
    expect(foregroundCommand('', '/bin/bash')).toBeUndefined();
  });
});
