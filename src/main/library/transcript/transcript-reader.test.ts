import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../shared/agent-event';
import { pushCoalesced } from '../../../shared/coalesce-events';
import { ClaudeTranslator } from '../../agent/claude-translator';
import { RECORDINGS_DIR } from '#test/conformance/record';
import { onDiskRecordings, type OnDiskRecording } from '#test/conformance/on-disk';
import {
  translateTranscript,
  TranscriptReader,
  type SubagentTranscript,
} from './transcript-reader';

const recordings = onDiskRecordings();

/**
 * What the CLI's stdout recording of the same scenario yields through the live translator, from
 * the last `/clear` on: the file kept is the session the run ended in.
 */
function liveEvents(name: string): AgentEvent[] {
  const translator = new ClaudeTranslator();
  const text = readFileSync(join(RECORDINGS_DIR, `${name}.jsonl`), 'utf8');
  const events = [
    ...text.split('\n').flatMap((line) => translator.pushLine(line)),
    ...translator.end(),
  ];
  return events.slice(events.findLastIndex((e) => e.type === 'conversation_reset') + 1);
}

function fromDisk(recording: OnDiskRecording) {
  return translateTranscript(recording.text, recording.subagents);
}

/** The events both translators owe the transcript view; text joined as the view joins it. */
const SHOWN = new Set<AgentEvent['type']>([
  'user_message',
  'assistant_text',
  'thinking',
  'tool_use',
  'tool_result',
  'error',
  'compaction_boundary',
  'command_output',
]);

function shown(events: AgentEvent[], parent: string | null): AgentEvent[] {
  const out: AgentEvent[] = [];
  for (const event of events) {
    if (!SHOWN.has(event.type)) continue;
    // The view shows no empty command output (the file's echo of `/clear`).
    if (event.type === 'command_output' && !event.text.trim()) continue;
    const own = 'parent_tool_use_id' in event ? event.parent_tool_use_id : null;
    // The recorder sends its prompts without a uuid: stdout replays each with one the file does
    // not use (a uuid the sender stamps is the same in both, the session test shows).
    // Live text also names its API message (what a retraction removes); the file's text need not.
    const compared: AgentEvent =
      event.type === 'user_message'
        ? { type: 'user_message', text: event.text }
        : event.type === 'assistant_text' || event.type === 'thinking'
          ? { type: event.type, text: event.text, parent_tool_use_id: event.parent_tool_use_id }
          : event;
    if (own === parent) pushCoalesced(out, compared);
  }
  return out;
}

function parents(events: AgentEvent[]): Set<string> {
  const ids = new Set<string>();
  for (const e of events)
    if ('parent_tool_use_id' in e && e.parent_tool_use_id) ids.add(e.parent_tool_use_id);
  return ids;
}

/** Each subagent's last known state, as the tool card shows it (background shells have none). */
function subagentStates(events: AgentEvent[]): Map<string, Record<string, unknown>> {
  const states = new Map<string, Record<string, unknown>>();
  const shells = new Set<string>();
  for (const e of events) {
    if (e.type !== 'subagent') continue;
    if (e.task_type !== undefined && e.task_type !== 'local_agent') shells.add(e.task_id);
    const { task_id, status, tool_use_id, description, summary } = e;
    const card = { task_id, status, tool_use_id, description, summary };
    for (const key of Object.keys(card) as (keyof typeof card)[])
      if (card[key] === undefined) delete card[key];
    states.set(e.task_id, { ...states.get(e.task_id), ...card });
  }
  for (const id of shells) states.delete(id);
  return states;
}

/** Whether `part` occurs in `whole` in order (other events may come between). */
function isSubsequence(part: AgentEvent[], whole: AgentEvent[]): boolean {
  let at = 0;
  for (const event of whole) {
    if (at < part.length && JSON.stringify(event) === JSON.stringify(part[at])) at++;
  }
  return at === part.length;
}

describe('on-disk transcripts written by the real CLI', () => {
  it('covers every scenario that has a stdout recording', () => {
    expect(recordings.map((r) => r.name)).toEqual(
      expect.arrayContaining(['plain-text', 'compact', 'subagent', 'subagent-background']),
    );
    expect(recordings.length).toBe(24);
  });

  for (const recording of recordings) {
    describe(recording.name, () => {
      const disk = fromDisk(recording);
      const live = liveEvents(recording.name);

      it('reads every line: nothing corrupt, no entry type it does not know', () => {
        expect(disk.skipped).toBe(0);
        expect(disk.unknown).toBe(0);
      });

      it('shows the session what the live translator showed from stdout, in the same order', () => {
        const top = shown(disk.events, null);
        expect(top.length).toBeGreaterThan(0);
        expect(top).toEqual(shown(live, null));
      });

      it("nests each subagent's events as live, plus the texts stdout leaves out", () => {
        const liveParents = parents(live);
        expect(parents(disk.events)).toEqual(liveParents);
        for (const parent of liveParents) {
          const fromFile = shown(disk.events, parent);
          const fromStdout = shown(live, parent);
          expect(isSubsequence(fromStdout, fromFile)).toBe(true);
          const extra = fromFile.filter(
            (e) => !fromStdout.some((l) => JSON.stringify(l) === JSON.stringify(e)),
          );
          expect(extra.every((e) => e.type === 'assistant_text' || e.type === 'thinking')).toBe(
            true,
          );
        }
        expect(subagentStates(disk.events)).toEqual(subagentStates(live));
      });

      it('describes the session as its stdout announced it', () => {
        const init = live.find((e) => e.type === 'session_started');
        const prompts = live.filter((e) => e.type === 'user_message');
        const replied = live.some(
          (e) => (e.type === 'assistant_text' || e.type === 'tool_use') && !e.parent_tool_use_id,
        );
        expect(init?.type).toBe('session_started');
        if (init?.type !== 'session_started') return;
        // After a fallback the replies are the fallback model's.
        const fallback = live.find((e) => e.type === 'model_fallback');
        expect(disk.meta).toMatchObject({
          version: init.claude_code_version,
          // A session whose only reply was an API error has no model's reply to name.
          model: replied ? (fallback?.type === 'model_fallback' ? fallback.to : init.model) : null,
          entrypoint: 'sdk-cli',
          titleSource: 'prompt',
        });
        // The stdout recordings README lists as kept from an earlier run name another session.
        // The file is the session the run ended in: after a fork, the second one announced.
        const last = live.findLast((e) => e.type === 'session_started');
        if (last?.type === 'session_started' && recording.text.includes(last.session_id)) {
          expect(disk.meta).toMatchObject({ sessionId: last.session_id, cwd: init.cwd });
        } else {
          expect(disk.meta.sessionId).toMatch(/^[0-9a-f-]{36}$/);
          expect(disk.meta.cwd).toContain(`tether-rec-cwd-${recording.name}-`);
        }
        expect(disk.meta.title).toBe(prompts[0]?.type === 'user_message' ? prompts[0].text : null);
        expect(Date.parse(disk.meta.firstTimestamp!)).toBeLessThanOrEqual(
          Date.parse(disk.meta.lastTimestamp!),
        );
      });

      it('gives the same result line by line as all at once', () => {
        const reader = new TranscriptReader();
        for (const line of recording.text.split('\n')) reader.pushLine(line);
        for (const sub of recording.subagents) {
          for (const line of sub.text.split('\n')) reader.pushLine(line, sub.toolUseId);
        }
        expect(reader.finish()).toEqual(disk);
      });
    });
  }

  it("reads a resumed session's file as one session, and a fork's as the turns before and after", () => {
    const resumed = fromDisk(recordings.find((r) => r.name === 'resume')!);
    const prompts = (events: AgentEvent[]) =>
      events.flatMap((e) => (e.type === 'user_message' ? [e.text] : []));
    const both = ['Remember the word: kiwi.', 'Which word did I ask you to remember?'];
    expect(prompts(resumed.events)).toEqual(both);
    expect(resumed.meta.messageCount).toBe(4);

    const fork = recordings.find((r) => r.name === 'fork')!;
    const forked = fromDisk(fork);
    expect(prompts(forked.events)).toEqual(both);
    expect(fork.earlier).toHaveLength(1);
    const original = translateTranscript(fork.earlier[0]!);
    expect(prompts(original.events)).toEqual(both.slice(0, 1));
    expect(original.meta.sessionId).not.toBe(forked.meta.sessionId);
    expect(forked.events.at(-1)).toMatchObject({ text: 'The word was kiwi.' });
  });

  it('counts messages: prompts and replies, one per API message', () => {
    const byName = new Map(recordings.map((r) => [r.name, fromDisk(r).meta.messageCount]));
    // plain-text: a prompt and a reply; two-turns: two of each; tool-allowed: one reply with a
    // text and a tool use, then the final reply.
    expect(byName.get('plain-text')).toBe(2);
    expect(byName.get('two-turns')).toBe(4);
    expect(byName.get('tool-allowed')).toBe(3);
  });

  it('finds a subagent by its .meta.json alone when the Agent result does not name it', () => {
    const recording = recordings.find((r) => r.name === 'subagent')!;
    const unnamed = recording.text.replace(/"agentId":"a[0-9a-f]+"/g, '"agentId":null');
    expect(unnamed).not.toBe(recording.text);
    const nested = (subagents: readonly SubagentTranscript[]) =>
      translateTranscript(unnamed, subagents).events.filter(
        (e) => 'parent_tool_use_id' in e && e.parent_tool_use_id === 'toolu_fake_0001',
      );
    expect(nested(recording.subagents.map(({ text }) => ({ text })))).toEqual([]);
    expect(nested(recording.subagents).length).toBeGreaterThan(0);
  });
});
