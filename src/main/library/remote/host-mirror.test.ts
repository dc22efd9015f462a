import { execFile } from 'node:child_process';
import {
  appendFile,
  chmod,
  mkdir,
  mkdtemp,
  readFile,
  rm,
  stat,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HostMirror } from './host-mirror';

const SESSION = '0b0f6f1c-5f3e-4c4e-9d0e-2d7c1f3a9b11';
const OTHER = '7d3c2a10-1b2c-4d5e-8f90-a1b2c3d4e5f6';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tether-host-mirror-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/**
 * The commands run by a local `sh` where ssh would run them on the host: the scripts and their
 * quoting are the ones a host gets. Counts the bytes that came back.
 */
function mirrorOf(claudeDir: string, env: NodeJS.ProcessEnv = process.env) {
  const sent = { bytes: 0, runs: 0 };
  const mirror = new HostMirror({
    host: 'box',
    dir: join(dir, 'mirror'),
    claudeConfigDir: claudeDir,
    run: async (_host, command) => {
      const { stdout } = await promisify(execFile)('sh', ['-c', command], {
        env,
        maxBuffer: 64 * 1024 * 1024,
      });
      sent.bytes += stdout.length;
      sent.runs++;
      return stdout;
    },
  });
  return { mirror, sent };
}

async function write(path: string, text: string): Promise<void> {
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, text);
}

describe('HostMirror', () => {
  it('copies the session files and their subagents, and nothing else, keeping their mtimes', async () => {
    const there = join(dir, 'there');
    const session = join(there, 'projects', '-home-me-app', `${SESSION}.jsonl`);
    await write(session, '{"type":"user"}\n');
    await utimes(session, new Date(1_700_000_000_123), new Date(1_700_000_000_123));
    const agent = join(there, 'projects', '-home-me-app', SESSION, 'subagents', 'agent-a1.jsonl');
    await write(agent, '{"type":"assistant"}\n');
    await write(agent.replace(/\.jsonl$/, '.meta.json'), '{"toolUseId":"t1"}');
    await write(join(there, 'projects', '-home-me-app', 'notes.jsonl'), 'not a session\n');
    await write(join(there, 'projects', 'top.jsonl'), 'not in a project\n');

    const { mirror } = mirrorOf(there);
    expect(await mirror.sync()).toEqual({ changed: 3 });
    const copy = join(mirror.claudeDir, 'projects', '-home-me-app');
    expect(await readFile(join(copy, `${SESSION}.jsonl`), 'utf8')).toBe('{"type":"user"}\n');
    expect(Math.round((await stat(join(copy, `${SESSION}.jsonl`))).mtimeMs)).toBe(
      1_700_000_000_123,
    );
    expect(await readFile(join(copy, SESSION, 'subagents', 'agent-a1.meta.json'), 'utf8')).toBe(
      '{"toolUseId":"t1"}',
    );
    expect(existsSync(join(copy, 'notes.jsonl'))).toBe(false);
    expect(existsSync(join(mirror.claudeDir, 'projects', 'top.jsonl'))).toBe(false);
    expect(await mirror.remotePath(join(copy, `${SESSION}.jsonl`))).toBe(session);
    expect(await HostMirror.hostOf(join(dir, 'mirror'))).toBe('box');

    // Nothing changed: one listing, nothing fetched.
    const again = mirrorOf(there);
    expect(await again.mirror.sync()).toEqual({ changed: 0 });
    expect(again.sent.runs).toBe(1);
  });

  it('fetches only the new end of a grown file, all of a rewritten one, and removes what went', async () => {
    const there = join(dir, 'there');
    const grown = join(there, 'projects', '-p', `${SESSION}.jsonl`);
    const gone = join(there, 'projects', '-q', `${OTHER}.jsonl`);
    const long = `{"text":"${'x'.repeat(100_000)}"}\n`;
    await write(grown, long);
    await write(gone, '{"a":1}\n');
    const { mirror, sent } = mirrorOf(there);
    await mirror.sync();

    await appendFile(grown, '{"b":2}\n');
    await rm(join(there, 'projects', '-q'), { recursive: true });
    const before = sent.bytes;
    expect(await mirror.sync()).toEqual({ changed: 2 });
    expect(sent.bytes - before).toBeLessThan(1000);
    const projects = join(mirror.claudeDir, 'projects');
    expect(await readFile(join(projects, '-p', `${SESSION}.jsonl`), 'utf8')).toBe(
      `${long}{"b":2}\n`,
    );
    expect(existsSync(join(projects, '-q'))).toBe(false);

    await writeFile(grown, '{"c":3}\n');
    await mirror.sync();
    expect(await readFile(join(projects, '-p', `${SESSION}.jsonl`), 'utf8')).toBe('{"c":3}\n');
  });

  it('lists with stat where find cannot print (BSD, busybox), in whole seconds', async () => {
    const there = join(dir, 'there');
    const session = join(there, 'projects', '-p', `${SESSION}.jsonl`);
    await write(session, '{"a":1}\n');
    await utimes(session, new Date(1_700_000_000_600), new Date(1_700_000_000_600));
    // A find that refuses -printf, as BSD's and busybox's do.
    const bin = join(dir, 'bin');
    await write(
      join(bin, 'find'),
      '#!/bin/sh\nfor a; do [ "$a" = -printf ] && exit 1; done\nexec /usr/bin/find "$@"\n',
    );
    await chmod(join(bin, 'find'), 0o755);
    const { mirror, sent } = mirrorOf(there, {
      ...process.env,
      PATH: `${bin}:${process.env['PATH']}`,
    });
    expect(await mirror.sync()).toEqual({ changed: 1 });
    const copy = join(mirror.claudeDir, 'projects', '-p', `${SESSION}.jsonl`);
    expect(await readFile(copy, 'utf8')).toBe('{"a":1}\n');
    expect(Math.round((await stat(copy)).mtimeMs)).toBe(1_700_000_000_000);
    // The copy's time is the listed one: nothing to fetch the next time.
    expect(await mirror.sync()).toEqual({ changed: 0 });
    expect(sent.runs).toBe(3);
  });

  it('empties the copy when the host has no projects folder', async () => {
    const there = join(dir, 'there');
    await write(join(there, 'projects', '-p', `${SESSION}.jsonl`), '{}\n');
    const { mirror } = mirrorOf(there);
    await mirror.sync();
    await rm(join(there, 'projects'), { recursive: true });
    await mirror.sync();
    expect(existsSync(join(mirror.claudeDir, 'projects'))).toBe(false);
  });
});
