import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OwnSessions } from './own-sessions';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'tether-own-sessions-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

describe('OwnSessions', () => {
  it('keeps the sessions blocks ran across restarts, once each', async () => {
    const path = join(dir, 'agents', 'sessions.json');
    const first = new OwnSessions(path);
    await first.add(A);
    await first.add(A);
    await first.add(B);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual([A, B]);
    const again = new OwnSessions(path);
    await again.ready();
    expect([again.has(A), again.has(B), again.has('other')]).toEqual([true, true, false]);
  });

  it('refuses what is no session id, and sets an unreadable record aside', async () => {
    const path = join(dir, 'sessions.json');
    writeFileSync(path, '{not json');
    const problems: string[] = [];
    const own = new OwnSessions(path, (message) => problems.push(message));
    await own.ready();
    expect(problems).toHaveLength(1);
    await own.add('../etc/passwd');
    expect(own.has('../etc/passwd')).toBe(false);
    await own.add(A);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual([A]);
  });
});
