import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { syntheticSessionFile, type SyntheticReply } from '#test/support/synthetic-transcript';
import { SessionLibrary } from './session-library';
import { localDay } from './usage-table';

let root: string;
let claudeDir: string;
let library: SessionLibrary | undefined;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'session-usage-'));
  claudeDir = join(root, 'claude');
});
afterEach(async () => {
  await library?.dispose();
  library = undefined;
  rmSync(root, { recursive: true, force: true });
});

function write(project: string, sessionId: string, replies: SyntheticReply[], costUsd?: number) {
  const folder = join(claudeDir, 'projects', project.replaceAll('/', '-'));
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, `${sessionId}.jsonl`),
    syntheticSessionFile(sessionId, project, replies, costUsd),
  );
}

async function usage() {
  library = new SessionLibrary({
    claudeDir,
    indexDir: join(root, 'index'),
    log: () => {},
    watch: false,
  });
  await library.start();
  return library.usage();
}

// Noon UTC: the same local day in every time zone from UTC-11 to UTC+11.
const day1 = '2026-03-01T12:00:00Z';
const day2 = '2026-03-02T12:00:00Z';
const day = (at: string) => localDay(Date.parse(at));
// The library lists files named by a session's UUID only.
const id = (n: number) => `${String(n).padStart(8, '0')}-0000-4000-8000-000000000000`;

describe('usage by day and by project from the library’s index', () => {
  it('adds each reply’s tokens once and each session’s recorded cost, per day and per project', async () => {
    // A reply of three blocks is three entries with one usage: counted once.
    write(
      '/work/alpha',
      id(1),
      [
        { at: day1, model: 'claude-opus-5-5', input: 100, output: 10, cacheRead: 1000, blocks: 3 },
        { at: day1, model: 'claude-haiku-5', input: 200, output: 20, cacheCreation: 50 },
      ],
      0.5,
    );
    // Spread over two days: its cost is shared by tokens, 300 on day 1 and 900 on day 2.
    write(
      '/work/alpha',
      id(2),
      [
        { at: day1, model: 'claude-opus-5-5', input: 250, output: 50 },
        { at: day2, model: 'claude-opus-5-5', input: 800, output: 100 },
      ],
      2,
    );
    // Still running: tokens, but no cost-state yet.
    write('/work/beta', id(3), [{ at: day2, model: 'claude-opus-5-5', input: 40, output: 4 }]);

    const table = await usage();
    expect(table.sessions).toBe(3);
    expect(table.sessionsWithoutCost).toBe(1);
    expect(table.days).toEqual([
      {
        key: day(day2),
        sessions: 2,
        inputTokens: 840,
        outputTokens: 104,
        cacheReadTokens: 0,
        cacheCreationTokens: 0,
        costUsd: 1.5,
      },
      {
        key: day(day1),
        sessions: 2,
        inputTokens: 550,
        outputTokens: 80,
        cacheReadTokens: 1000,
        cacheCreationTokens: 50,
        costUsd: 1,
      },
    ]);
    expect(table.projects).toEqual([
      {
        key: '/work/alpha',
        sessions: 2,
        inputTokens: 1350,
        outputTokens: 180,
        cacheReadTokens: 1000,
        cacheCreationTokens: 50,
        costUsd: 2.5,
      },
      {
        key: '/work/beta',
        sessions: 1,
        inputTokens: 40,
        outputTokens: 4,
        cacheReadTokens: 0,
        cacheCreationTokens: 0,
        costUsd: 0,
      },
    ]);
    // Every way of cutting it adds up to the same totals.
    const total = (rows: { costUsd: number; inputTokens: number }[]) =>
      rows.reduce((sum, row) => [sum[0]! + row.costUsd, sum[1]! + row.inputTokens], [0, 0]);
    expect(total(table.days)).toEqual(total(table.projects));
  });

  it('takes the last cost-state of a file: the CLI appends a running total each time it ends', async () => {
    const folder = join(claudeDir, 'projects', '-work-gamma');
    mkdirSync(folder, { recursive: true });
    const first = syntheticSessionFile(
      id(4),
      '/work/gamma',
      [{ at: day1, model: 'm', input: 10, output: 1 }],
      0.25,
    );
    const resumed = syntheticSessionFile(
      id(4),
      '/work/gamma',
      [{ at: day2, model: 'm', input: 30, output: 3 }],
      1,
    );
    // The resumed run's reply has an id of its own.
    writeFileSync(
      join(folder, `${id(4)}.jsonl`),
      first + resumed.replaceAll(`msg_${id(4)}_0`, `msg_${id(4)}_1`),
    );
    const table = await usage();
    expect(table.projects).toEqual([
      expect.objectContaining({ key: '/work/gamma', inputTokens: 40, outputTokens: 4, costUsd: 1 }),
    ]);
    expect(table.days.map((row) => row.costUsd)).toEqual([0.75, 0.25]);
  });
});
