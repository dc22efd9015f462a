import { spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { workspaceStateSchema } from '../../shared/workspace-state';
import { Host } from './host';
import { JsonFile } from './json-file';

// What a host does by itself, with no option asking for it: the desktop app and browser mode
// both start by constructing one, so this is what both of them do.

let dir: string;
let host: Host | undefined;

function makeHost(): Host {
  host = new Host({
    workspaceDir: dir,
    shell: { file: '/bin/sh', args: [] },
    env: { PATH: process.env['PATH'], HOME: dir, PS1: '$ ' },
    workspace: new JsonFile(join(dir, 'workspace.json'), workspaceStateSchema, () => {}),
    log: () => {},
  });
  return host;
}

/** A pid that certainly runs no more: a child that ran and was reaped. */
async function deadPid(): Promise<number> {
  const child = spawn('true');
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'host-start-'));
});

afterEach(async () => {
  await host?.dispose();
  host = undefined;
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(process.platform === 'win32')('Host: when it starts', () => {
  it('removes the stdin FIFO folders a killed Tether left, and keeps the others', async () => {
    // The sweep looks in the temp folder: for this test, a folder of its own.
    const temp = join(dir, 'tmp');
    mkdirSync(temp);
    const dead = await deadPid();
    const stale = join(temp, `tether-${dead}-abc123`);
    const live = join(temp, `tether-${process.pid}-def456`);
    for (const folder of [stale, live]) {
      mkdirSync(folder);
      writeFileSync(join(folder, 'stdin'), '');
    }
    // Another user's, of a process that ended too (only root can make one).
    const theirs = join(temp, `tether-${dead}-theirs`);
    const asRoot = process.getuid?.() === 0;
    if (asRoot) {
      mkdirSync(theirs);
      chownSync(theirs, 65534, 65534);
    }
    const before = process.env['TMPDIR'];
    process.env['TMPDIR'] = temp;
    try {
      expect(tmpdir()).toBe(temp);
      makeHost();
    } finally {
      if (before === undefined) delete process.env['TMPDIR'];
      else process.env['TMPDIR'] = before;
    }
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(live)).toBe(true);
    if (asRoot) expect(existsSync(theirs)).toBe(true);
  });
});
