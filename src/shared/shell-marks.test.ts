import { describe, expect, it } from 'vitest';
import { parseShellMark, parseWorkingDirectory, unescapeMarkValue } from './shell-marks';

describe('parseShellMark', () => {
  it('reads the prompt and command marks of OSC 633 and 133 alike', () => {
    expect(parseShellMark('A')).toEqual({ type: 'promptStart' });
    expect(parseShellMark('B')).toEqual({ type: 'commandStart' });
    expect(parseShellMark('C')).toEqual({ type: 'commandExecuted' });
    expect(parseShellMark('D;2')).toEqual({ type: 'commandFinished', exitCode: 2 });
    // A finish without a code (133's "D" alone, or garbage) says nothing about success.
    expect(parseShellMark('D')).toEqual({ type: 'commandFinished', exitCode: undefined });
    expect(parseShellMark('D;x')).toEqual({ type: 'commandFinished', exitCode: undefined });
    expect(parseShellMark('Z')).toBeNull();
  });

  it('reads the command line and the folder, unescaped', () => {
    expect(parseShellMark('E;echo a\\x3b b \\\\n\\x0a')).toEqual({
      type: 'commandLine',
      commandLine: 'echo a; b \\n\n',
    });
    expect(parseShellMark('P;Cwd=/home/u/a\\x3bb')).toEqual({ type: 'cwd', cwd: '/home/u/a;b' });
    expect(parseShellMark('P;IsWindows=True')).toBeNull();
  });

  it('unescapes only what the scripts escape', () => {
    expect(unescapeMarkValue('C:\\\\Users\\x20me \\q')).toBe('C:\\Users me \\q');
  });
});

describe('parseWorkingDirectory', () => {
  it('reads OSC 7 file URLs, percent-decoded', () => {
    expect(parseWorkingDirectory('file://host/home/u/my%20dir')).toEqual({
      type: 'cwd',
      cwd: '/home/u/my dir',
    });
    expect(parseWorkingDirectory('file:///tmp')).toEqual({ type: 'cwd', cwd: '/tmp' });
    expect(parseWorkingDirectory('http://x/y')).toBeNull();
    expect(parseWorkingDirectory('file://h/%E0%A4%A')).toBeNull();
  });
});
