import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../shared/agent-event';
import { EventLog, type EventLogNotice } from './event-log';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tether-event-log-'));
  dirs.push(dir);
  return dir;
}

/** A tool_use event whose input nests `depth` levels: past what JSON.stringify can recurse. */
function deepToolUse(depth: number): AgentEvent {
  const input = JSON.parse('{"a":'.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1)) as Record<
    string,
    unknown
  >;
  return { type: 'tool_use', id: 't', name: 'N', input, parent_tool_use_id: null };
}

describe('EventLog', () => {
  it('reports and skips an event it cannot stringify, keeping the events around it', async () => {
    const problems: string[] = [];
    const log = new EventLog(join(tempDir(), 'a', 'block.jsonl'), (p) => problems.push(p.text));
    const before: AgentEvent = { type: 'user_message', text: 'before' };
    const after: AgentEvent = { type: 'done', response: 'after' };
    expect(() => log.append([before, deepToolUse(100_000), after])).not.toThrow();
    await log.dispose();
    expect(log.readAll()).toEqual([before, after]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /skipped saving a "tool_use" event that cannot be stored \(.+\)\.$/,
    );
    expect(problems[0]).not.toContain('\n');
  });

  it('reports, instead of throwing, when its folder cannot be made', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'file'), '');
    const problems: string[] = [];
    const log = new EventLog(join(dir, 'file', 'block.jsonl'), (p) => problems.push(p.text));
    expect(() => log.append([{ type: 'done', response: 'x' }])).not.toThrow();
    expect(problems).toEqual([
      expect.stringMatching(/cannot save this transcript \(EEXIST: [^\n]*\); it keeps trying/),
    ]);
  });

  it('cuts a torn last line on open, so the next session’s first event survives', async () => {
    const path = join(tempDir(), 'block.jsonl');
    const first: AgentEvent = { type: 'user_message', text: 'first' };
    writeFileSync(path, JSON.stringify(first) + '\n' + '{"type":"assistant_text","te');
    const log = new EventLog(path);
    const next: AgentEvent = { type: 'user_message', text: 'next session' };
    log.append([next]);
    await log.dispose();
    expect(log.readAll()).toEqual([first, next]);
    expect(readFileSync(path, 'utf8')).toBe(`${JSON.stringify(first)}\n${JSON.stringify(next)}\n`);
  });

  it.runIf(existsSync('/dev/full'))(
    'says when the disk is full, keeps the events, and writes them once it can',
    async () => {
      const dir = tempDir();
      const path = join(dir, 'block.jsonl');
      symlinkSync('/dev/full', path);
      const notices: EventLogNotice[] = [];
      const log = new EventLog(path, (notice) => notices.push(notice));
      const events: AgentEvent[] = [1, 2, 3].map((n) => ({ type: 'user_message', text: `m${n}` }));
      log.append([events[0]!]);
      log.append([events[1]!]);
      expect(notices).toEqual([{ level: 'warning', text: expect.stringContaining('ENOSPC') }]);
      // Room again.
      rmSync(path);
      log.append([events[2]!]);
      await log.dispose();
      expect(notices.at(-1)).toEqual({
        level: 'info',
        text: 'Tether is saving this transcript again.',
      });
      expect(notices).toHaveLength(2);
      expect(log.readAll()).toEqual(events);
    },
  );
});
