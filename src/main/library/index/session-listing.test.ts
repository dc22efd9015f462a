import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { SessionLibrary } from './session-library';

let root: string;
let claudeDir: string;
let indexDir: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'tether-listing-'));
  claudeDir = join(root, '.claude');
  indexDir = join(root, 'index');
  const dir = join(claudeDir, 'projects', '-w');
  mkdirSync(dir, { recursive: true });
  const entry = {
    type: 'user',
    message: { role: 'user', content: 'the real title' },
    timestamp: '2026-01-01T00:00:00Z',
    cwd: '/w',
  };
  writeFileSync(
    join(dir, '0b5e2d6c-1f3a-4c8e-9d7b-2a6f4e8c1b3d.jsonl'),
    `${JSON.stringify(entry)}\n`,
  );
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

const open = () => new SessionLibrary({ claudeDir, indexDir, log: () => {}, watch: false });
const snapshotFile = () => join(indexDir, 'sessions.json');
const readSnapshot = () =>
  JSON.parse(readFileSync(snapshotFile(), 'utf8')) as {
    generation: number;
    rows: Array<{ title: string }>;
  };

it('opens from the listing snapshot when it matches the index, and from the index when not', async () => {
  const first = open();
  await first.start();
  await first.dispose();
  const saved = readSnapshot();
  expect(saved.rows.map((r) => r.title)).toEqual(['the real title']);

  // Same generation: the snapshot is what is listed (an edit to it shows), the index is not read.
  writeFileSync(
    snapshotFile(),
    JSON.stringify({ ...saved, rows: [{ ...saved.rows[0], title: 'from the snapshot' }] }),
  );
  const fromSnapshot = open();
  expect(fromSnapshot.list().map((s) => s.title)).toEqual(['from the snapshot']);
  await fromSnapshot.dispose();

  // Another generation: the index moved on since, so its rows are listed.
  writeFileSync(
    snapshotFile(),
    JSON.stringify({
      generation: saved.generation - 1,
      rows: [{ ...saved.rows[0], title: 'stale' }],
    }),
  );
  const fromIndex = open();
  expect(fromIndex.list().map((s) => s.title)).toEqual(['the real title']);
  await fromIndex.dispose();

  writeFileSync(snapshotFile(), 'not json');
  const damaged = open();
  expect(damaged.list().map((s) => s.title)).toEqual(['the real title']);
  await damaged.dispose();
  expect(readSnapshot().rows).toHaveLength(1); // and written again
});
