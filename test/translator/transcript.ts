/** Runs a whole transcript through the real splitter and translator, in chunks as a pty would. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentEvent } from '../../src/shared/agent-event';
import { pushCoalesced } from '../../src/shared/coalesce-events';
import { ClaudeTranslator } from '../../src/main/agent/claude-translator';
import { LineSplitter } from '../../src/main/agent/line-splitter';
import { RECORDINGS_DIR } from '../conformance/record';

export function translateBytes(bytes: Buffer, chunkSizes: number[] = [bytes.length]): AgentEvent[] {
  const translator = new ClaudeTranslator();
  const events: AgentEvent[] = [];
  const splitter = new LineSplitter((line) => events.push(...translator.pushLine(line)));
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = Math.max(1, chunkSizes[i % chunkSizes.length]!);
    splitter.push(bytes.subarray(at, at + size));
    at += size;
  }
  splitter.end();
  events.push(...translator.end());
  return events;
}

/** A conformance recording (`test/conformance/recordings/<name>.jsonl`), translated whole. */
export function translateRecording(name: string): AgentEvent[] {
  return translateBytes(readFileSync(join(RECORDINGS_DIR, `${name}.jsonl`)));
}

/** Joins runs of text (and of thinking) from one author: how deltas and whole blocks compare. */
export function coalesceText(events: AgentEvent[]): AgentEvent[] {
  const out: AgentEvent[] = [];
  for (const event of events) pushCoalesced(out, event);
  return out;
}

export function splitLines(bytes: Buffer): string[] {
  const lines = bytes.toString('utf8').split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

export function joinLines(lines: string[], eol = '\n'): Buffer {
  return Buffer.from(lines.map((l) => l + eol).join(''), 'utf8');
}
