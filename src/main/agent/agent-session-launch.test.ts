import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AgentSession, HEADLESS_ARGS, type SessionHost, type StartOptions } from './agent-session';
import type { SpawnSpec, TransportKind } from './transport/transport';

/**
 * What a session starts on each platform, from locating `claude` to the spawn: the platform, file
 * system and transports are stand-ins, so Windows' launch is checked on any machine.
 */

interface Spawned {
  kind: TransportKind;
  spec: SpawnSpec;
}

/** A machine of `platform` holding `files` (path → contents); its transports answer `initialize`. */
function machine(
  platform: NodeJS.Platform,
  files: Record<string, string>,
): { host: SessionHost; spawned: Spawned[] } {
  const spawned: Spawned[] = [];
  const transport = (kind: TransportKind): SessionHost['spawn'][TransportKind] =>
    async function spawn(spec, handlers) {
      spawned.push({ kind, spec });
      return {
        kind,
        // No such process: dispose() looks for its descendants to end them.
        pid: -1,
        write(text) {
          const request = JSON.parse(text) as { type: string; request_id?: string };
          if (request.type !== 'control_request') return;
          const response = { subtype: 'success', request_id: request.request_id, response: {} };
          queueMicrotask(() =>
            handlers.onLine(JSON.stringify({ type: 'control_response', response }), 'stdout'),
          );
        },
        closeInput: () => handlers.onExit({ code: 0, signal: null }),
        resize() {},
        signal() {},
      };
    };
  return {
    host: {
      platform,
      isExecutable: (path) => path in files,
      readFile: (path) => files[path] ?? null,
      spawn: { pty: transport('pty'), pipe: transport('pipe') },
    },
    spawned,
  };
}

const cwd = mkdtempSync(join(tmpdir(), 'tether-launch-'));

async function start(
  platform: NodeJS.Platform,
  files: Record<string, string>,
  options: Omit<StartOptions, 'cwd'>,
): Promise<Spawned> {
  const { host, spawned } = machine(platform, files);
  const session = new AgentSession({ host });
  await session.start({ cwd, locate: { projectDir: cwd }, ...options });
  await session.dispose();
  expect(spawned).toHaveLength(1);
  return spawned[0]!;
}

const npm = 'C:\\Users\\Jane Doe\\AppData\\Roaming\\npm';
const winEnv = {
  Path: `C:\\Windows\\system32;${npm}`,
  PATHEXT: '.COM;.EXE;.BAT;.CMD',
  ComSpec: 'C:\\Windows\\system32\\cmd.exe',
};
/** Arguments cmd.exe would otherwise take for its own: quotes, &, ^ and %. */
const hostile = ['--append-system-prompt', 'say "hi" & echo ^ 100%PATH%'];

describe('AgentSession launch on win32', () => {
  it('starts a .cmd it cannot look through with cmd.exe /d /s /c, quoted for it, over pipes', async () => {
    const { spec, kind } = await start(
      'win32',
      { [`${npm}\\claude.cmd`]: '@echo off\r\nC:\\elsewhere\\claude.exe %*\r\n' },
      { env: winEnv, transport: 'pty', extraArgs: hostile },
    );
    expect(kind).toBe('pipe');
    expect(spec.file).toBe('C:\\Windows\\system32\\cmd.exe');
    expect(spec.windowsVerbatimArguments).toBe(true);
    expect(spec.args.slice(0, 3)).toEqual(['/d', '/s', '/c']);
    const twice = (arg: string) => `^^^"${arg}^^^"`;
    expect(spec.args[3]).toBe(
      '"C:\\Users\\Jane^ Doe\\AppData\\Roaming\\npm\\claude.cmd ' +
        [...HEADLESS_ARGS, '--permission-mode', 'default', hostile[0]!].map(twice).join(' ') +
        ' ' +
        twice('say^^^ \\^^^"hi\\^^^"^^^ ^^^&^^^ echo^^^ ^^^^^^^ 100^^^%PATH^^^%') +
        '"',
    );
    expect(spec.args).toHaveLength(4);
  });

  it('starts claude.exe itself, arguments as they are, over pipes', async () => {
    const exe = 'C:\\Users\\Jane Doe\\.local\\bin\\claude.exe';
    const { spec, kind } = await start(
      'win32',
      { [exe]: '', [`${npm}\\claude.cmd`]: '' },
      { env: { ...winEnv, Path: `C:\\Users\\Jane Doe\\.local\\bin;${npm}` }, extraArgs: hostile },
    );
    expect(kind).toBe('pipe');
    expect(spec).toMatchObject({
      file: exe,
      args: [...HEADLESS_ARGS, '--permission-mode', 'default', ...hostile],
    });
    expect(spec.windowsVerbatimArguments).toBeUndefined();
  });

  it('starts an npm shim of the node script as node.exe with the script, over pipes', async () => {
    const script = `${npm}\\node_modules\\@anthropic-ai\\claude-code\\cli.js`;
    const shim = `@ECHO off\r\n"%_prog%"  "%dp0%\\node_modules\\@anthropic-ai\\claude-code\\cli.js" %*\r\n`;
    const node = 'C:\\Program Files\\nodejs\\node.exe';
    const { spec, kind } = await start(
      'win32',
      { [`${npm}\\claude.cmd`]: shim, [script]: '', [node]: '' },
      { env: { ...winEnv, Path: `${npm};C:\\Program Files\\nodejs` }, model: 'opus' },
    );
    expect(kind).toBe('pipe');
    expect(spec.file).toBe(node);
    expect(spec.args).toEqual([
      script,
      ...HEADLESS_ARGS,
      '--model',
      'opus',
      '--permission-mode',
      'default',
    ]);
  });
});

describe.each(['darwin', 'linux'] as const)('AgentSession launch on %s', (platform) => {
  const env = { PATH: '/usr/bin:/usr/local/bin' };
  const files = { '/usr/local/bin/claude': '#!/bin/sh\n' };

  it('runs claude as it is, over the pty transport by default', async () => {
    const { spec, kind } = await start(platform, files, { env, extraArgs: hostile });
    expect(kind).toBe('pty');
    expect(spec).toMatchObject({
      file: '/usr/local/bin/claude',
      args: [...HEADLESS_ARGS, '--permission-mode', 'default', ...hostile],
      cwd,
    });
    expect(spec.windowsVerbatimArguments).toBeUndefined();
  });

  it('uses pipes when asked', async () => {
    expect((await start(platform, files, { env, transport: 'pipe' })).kind).toBe('pipe');
  });
});
