import { spawn } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeStaleFifoFolders, StdinFifo } from './stdin-fifo';

let parent: string;

beforeEach(() => {
  parent = mkdtempSync(join(tmpdir(), 'fifo-test-'));
});
afterEach(() => rmSync(parent, { recursive: true, force: true }));

describe.skipIf(process.platform === 'win32')('StdinFifo folders', () => {
  it('names the process that made it', () => {
    const fifo = new StdinFifo();
    try {
      expect(fifo.path).toMatch(new RegExp(`/tether-${process.pid}-[^/]+/stdin$`));
    } finally {
      fifo.dispose();
    }
  });

  it('removes the folders of processes that were killed, and only those', async () => {
    // A process that has certainly ended: a child that ran and was reaped.
    const child = spawn('true');
    await new Promise((resolve) => child.once('exit', resolve));
    const dead = join(parent, `tether-${child.pid}-abc123`);
    const live = join(parent, `tether-${process.pid}-def456`);
    for (const dir of [dead, live]) {
      mkdirSync(dir);
      writeFileSync(join(dir, 'stdin'), '');
    }
    mkdirSync(join(parent, 'tether-something-else'));
    expect(removeStaleFifoFolders(parent)).toBe(1);
    expect(existsSync(dead)).toBe(false);
    expect(readdirSync(parent).sort()).toEqual(
      [`tether-${process.pid}-def456`, 'tether-something-else'].sort(),
    );
  });

  it.runIf(process.getuid?.() === 0)(
    'leaves other users’ folders alone, and a folder it cannot remove never fails it',
    async () => {
      const child = spawn('true');
      await new Promise((resolve) => child.once('exit', resolve));
      const theirs = join(parent, `tether-${child.pid}-theirs`);
      mkdirSync(theirs);
      chownSync(theirs, 65534, 65534);
      expect(removeStaleFifoFolders(parent)).toBe(0);
      expect(existsSync(theirs)).toBe(true);
    },
  );
});
