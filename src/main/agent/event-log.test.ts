import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../shared/agent-event';
import { EventLog } from './event-log';

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
    const log = new EventLog(join(tempDir(), 'a', 'block.jsonl'), (p) => problems.push(p));
    const before: AgentEvent = { type: 'user_message', text: 'before' };
    const after: AgentEvent = { type: 'done', response: 'after' };
    expect(() => log.append([before, deepToolUse(100_000), after])).not.toThrow();
    await log.close();
    expect(log.readAll()).toEqual([before, after]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/skipped a "tool_use" event that cannot be stored \(.+\)\.$/);
    expect(problems[0]).not.toContain('\n');
  });

  it('reports, instead of throwing, when its folder cannot be made', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'file'), '');
    const problems: string[] = [];
    const log = new EventLog(join(dir, 'file', 'block.jsonl'), (p) => problems.push(p));
    expect(() => log.append([{ type: 'done', response: 'x' }])).not.toThrow();
    expect(problems).toEqual([expect.stringMatching(/could not write \(EEXIST: [^\n]*\)\.$/)]);
  });
});
