import { describe, expect, it } from 'vitest';
import { launchCommand, npmShimTarget, type LaunchHost } from './claude-launch';

const npm = 'C:\\Users\\Jane Doe\\AppData\\Roaming\\npm';

// What npm's cmd-shim writes for a native binary and for a node script.
const shimStart = [
  '@ECHO off',
  'GOTO start',
  ':find_dp0',
  'SET dp0=%~dp0',
  'EXIT /b',
  ':start',
  'SETLOCAL',
  'CALL :find_dp0',
];
const exeShim = [
  ...shimStart,
  '"%dp0%\\node_modules\\@anthropic-ai\\claude-code\\bin\\claude.exe"   %*',
  '',
].join('\r\n');
const nodeShim = [
  ...shimStart,
  '',
  'IF EXIST "%dp0%\\node.exe" (',
  '  SET "_prog=%dp0%\\node.exe"',
  ') ELSE (',
  '  SET "_prog=node"',
  '  SET PATHEXT=%PATHEXT:;.JS;=;%',
  ')',
  '',
  'endLocal & goto #_undefined_# 2>NUL || title %COMSPEC% & "%_prog%"  "%dp0%\\node_modules\\@anthropic-ai\\claude-code\\cli.js" %*',
  '',
].join('\r\n');

function host(
  platform: NodeJS.Platform,
  contents: Record<string, string>,
  executables: string[] = [],
  env: NodeJS.ProcessEnv = {},
): LaunchHost {
  return {
    platform,
    env,
    isExecutable: (path) => executables.includes(path) || path in contents,
    readFile: (path) => contents[path] ?? null,
  };
}

describe('launchCommand', () => {
  it.each(['darwin', 'linux'] as const)('%s: runs the located file as it is', (platform) => {
    expect(launchCommand('/usr/local/bin/claude', ['-p'], host(platform, {}))).toEqual({
      file: '/usr/local/bin/claude',
      args: ['-p'],
    });
  });

  it('win32: runs claude.exe as it is', () => {
    const exe = 'C:\\Users\\Jane Doe\\.local\\bin\\claude.exe';
    expect(launchCommand(exe, ['-p'], host('win32', {}))).toEqual({ file: exe, args: ['-p'] });
  });

  it('win32: looks through the npm shim of a native claude to the .exe (no shell, no EINVAL)', () => {
    const target = `${npm}\\node_modules\\@anthropic-ai\\claude-code\\bin\\claude.exe`;
    const launch = launchCommand(
      `${npm}\\claude.cmd`,
      ['-p', '--model', 'a&b'],
      host('win32', { [`${npm}\\claude.cmd`]: exeShim }, [target]),
    );
    expect(launch).toEqual({ file: target, args: ['-p', '--model', 'a&b'] });
  });

  it('win32: runs a node-script shim with node.exe beside it, else node on PATH', () => {
    const script = `${npm}\\node_modules\\@anthropic-ai\\claude-code\\cli.js`;
    const shim = { [`${npm}\\claude.cmd`]: nodeShim };
    expect(
      launchCommand(
        `${npm}\\claude.cmd`,
        ['-p'],
        host('win32', shim, [script, `${npm}\\node.exe`]),
      ),
    ).toEqual({ file: `${npm}\\node.exe`, args: [script, '-p'] });
    const node = 'C:\\Program Files\\nodejs\\node.exe';
    expect(
      launchCommand(
        `${npm}\\claude.cmd`,
        ['-p'],
        host('win32', shim, [script, node], { Path: 'C:\\Program Files\\nodejs', PATHEXT: '.EXE' }),
      ),
    ).toEqual({ file: node, args: [script, '-p'] });
  });

  it('win32: a batch file it cannot look through goes through cmd.exe, quoted for it', () => {
    const batch = 'C:\\Tools & More\\claude (1).cmd';
    const launch = launchCommand(
      batch,
      ['-p', 'say "hi" & exit', '50%', 'C:\\dir\\', ''],
      host('win32', { [batch]: '@echo off\r\nC:\\elsewhere\\claude.exe %*\r\n' }, [], {
        ComSpec: 'C:\\WINDOWS\\system32\\cmd.exe',
      }),
    );
    expect(launch).toEqual({
      file: 'C:\\WINDOWS\\system32\\cmd.exe',
      args: [
        '/d',
        '/s',
        '/c',
        '"C:\\Tools^ ^&^ More\\claude^ ^(1^).cmd' +
          ' ^^^"-p^^^"' +
          ' ^^^"say^^^ \\^^^"hi\\^^^"^^^ ^^^&^^^ exit^^^"' +
          ' ^^^"50^^^%^^^"' +
          ' ^^^"C:\\dir\\\\^^^"' +
          ' ^^^"^^^""',
      ],
      windowsVerbatimArguments: true,
    });
  });

  it('win32: a shim whose target is missing is not trusted: cmd.exe runs the shim', () => {
    const launch = launchCommand(
      `${npm}\\claude.cmd`,
      [],
      host('win32', { [`${npm}\\claude.cmd`]: exeShim }),
    );
    expect(launch.file).toBe('cmd.exe');
  });
});

describe('npmShimTarget', () => {
  it('takes the last %dp0% path (the first may be node.exe), pnpm’s %~dp0 form too', () => {
    expect(npmShimTarget(nodeShim, npm)).toBe(
      `${npm}\\node_modules\\@anthropic-ai\\claude-code\\cli.js`,
    );
    const pnpm =
      '@SETLOCAL\r\n@IF EXIST "%~dp0\\node.exe" (\r\n  "%~dp0\\node.exe"  "%~dp0\\..\\claude-code\\cli.js" %*\r\n)';
    expect(npmShimTarget(pnpm, 'C:\\pnpm\\bin')).toBe('C:\\pnpm\\claude-code\\cli.js');
    expect(npmShimTarget('@echo off\r\nclaude.exe %*', npm)).toBeNull();
  });
});
