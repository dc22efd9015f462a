import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../shared/agent-event';
import { onDiskRecordings, type OnDiskRecording } from '#test/conformance/on-disk';
import { translateTranscript } from './transcript-reader';

const recordings = onDiskRecordings();
const recording = (name: string): OnDiskRecording => recordings.find((r) => r.name === name)!;
const translate = (r: OnDiskRecording) => translateTranscript(r.text, r.subagents);

const linesOf = (text: string) => text.split('\n').filter((l) => l !== '');
const joined = (lines: string[]) => lines.map((l) => `${l}\n`).join('');
const entry = (line: string) => JSON.parse(line) as Record<string, unknown>;

/** Index of the first line whose entry satisfies `test`. */
function lineWhere(text: string, test: (e: Record<string, unknown>) => boolean): number {
  const index = linesOf(text).findIndex((l) => test(entry(l)));
  expect(index).toBeGreaterThanOrEqual(0);
  return index;
}

const hasToolUse = (e: Record<string, unknown>) =>
  e['type'] === 'assistant' && JSON.stringify(e['message']).includes('"type":"tool_use"');

describe('noisy on-disk transcripts', () => {
  it('skips and counts a line cut mid-JSON; the entries after it still show', () => {
    const r = recording('tool-allowed');
    const lines = linesOf(r.text);
    const at = lineWhere(r.text, hasToolUse);
    lines[at] = lines[at]!.slice(0, lines[at]!.length >> 1);
    const noisy = translateTranscript(joined(lines));
    expect(noisy.skipped).toBe(1);
    // The lost line carried the tool use; its result (shown under no name) and the reply remain.
    expect(noisy.events).toEqual(translate(r).events.filter((e) => e.type !== 'tool_use'));
    expect(noisy.events.at(-1)).toMatchObject({ text: 'Created made.txt.' });
  });

  it('skips a last line the CLI is still writing', () => {
    const r = recording('two-turns');
    const lines = linesOf(r.text);
    const cut = `${joined(lines.slice(0, -1))}${lines.at(-1)!.slice(0, 40)}`;
    const noisy = translateTranscript(cut);
    expect(noisy.skipped).toBe(1);
    expect(noisy.events).toEqual(translate(r).events);
  });

  it('ignores blank lines, a byte-order mark and CRLF line ends', () => {
    for (const r of recordings) {
      const clean = translate(r);
      const noisy = translateTranscript(
        `\ufeff${linesOf(r.text).join('\r\n\r\n   \r\n')}\r\n`,
        r.subagents,
      );
      expect(noisy).toEqual(clean);
    }
  });

  it('skips and counts entries of a type it does not know', () => {
    const r = recording('plain-text');
    const lines = linesOf(r.text);
    lines.splice(3, 0, '{"type":"hologram","uuid":"h1","payload":{"x":1}}', '{"no":"type"}');
    const noisy = translateTranscript(joined(lines));
    expect(noisy.unknown).toBe(2);
    expect(noisy.skipped).toBe(0);
    expect(noisy.events).toEqual(translate(r).events);
  });

  it('reads entries of an older CLI that carry no uuid, parent, timestamp or version', () => {
    const stripped = ['uuid', 'parentUuid', 'logicalParentUuid', 'timestamp', 'version'];
    const strip = (text: string) =>
      joined(
        linesOf(text).map((l) => {
          const e = entry(l);
          for (const key of stripped) delete e[key];
          return JSON.stringify(e);
        }),
      );
    for (const r of recordings) {
      const old = translateTranscript(
        strip(r.text),
        r.subagents.map((s) => ({ ...s, text: strip(s.text) })),
      );
      // Without uuids the prompts carry none either, so they offer no rewind or fork.
      const promptIdsLeftOut = translate(r).events.map((e) =>
        e.type === 'user_message' ? { type: e.type, text: e.text } : e,
      );
      expect(old.events, r.name).toEqual(promptIdsLeftOut);
      expect(old.meta).toMatchObject({ firstTimestamp: null, lastTimestamp: null, version: null });
    }
  });

  it("takes an older CLI's summary entry as the title, and leaves out sidechains that name no agent", () => {
    const text = joined([
      '{"type":"summary","summary":"Fix the login bug","leafUuid":"u3"}',
      '{"parentUuid":null,"isSidechain":false,"type":"user","message":{"role":"user","content":"Why does login fail?"},"uuid":"u1","timestamp":"2025-06-01T10:00:00.000Z","sessionId":"s1","version":"1.0.30","cwd":"/w"}',
      '{"parentUuid":"u1","isSidechain":false,"type":"assistant","message":{"id":"m1","role":"assistant","model":"claude-sonnet-4","content":[{"type":"tool_use","id":"t1","name":"Task","input":{"description":"Look","prompt":"look"}}]},"uuid":"u2","timestamp":"2025-06-01T10:00:01.000Z","sessionId":"s1","version":"1.0.30"}',
      '{"parentUuid":null,"isSidechain":true,"type":"user","message":{"role":"user","content":"look"},"uuid":"x1","sessionId":"s1"}',
      '{"parentUuid":"x1","isSidechain":true,"type":"assistant","message":{"id":"m2","role":"assistant","model":"claude-sonnet-4","content":[{"type":"text","text":"sidechain words"}]},"uuid":"x2","sessionId":"s1"}',
      '{"parentUuid":"u2","isSidechain":false,"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"found it"}]},"uuid":"u3","timestamp":"2025-06-01T10:00:05.000Z","sessionId":"s1","version":"1.0.30"}',
    ]);
    const old = translateTranscript(text);
    expect(old.meta).toMatchObject({
      title: 'Fix the login bug',
      titleSource: 'summary',
      firstPrompt: 'Why does login fail?',
      sessionId: 's1',
      version: '1.0.30',
      model: 'claude-sonnet-4',
      cwd: '/w',
      entrypoint: null,
      client: null,
    });
    expect(old.events.map((e) => e.type)).toEqual(['user_message', 'tool_use', 'tool_result']);
    expect(old.events[2]).toMatchObject({ content: 'found it', is_error: false });
  });

  it('prefers the title the user gave to the generated one, and that to the first prompt', () => {
    const r = recording('plain-text');
    const withTitles = (...extra: string[]) => translateTranscript(r.text + joined(extra)).meta;
    expect(withTitles().titleSource).toBe('prompt');
    expect(withTitles('{"type":"ai-title","aiTitle":"Greeting","sessionId":"s"}')).toMatchObject({
      title: 'Greeting',
      titleSource: 'ai',
    });
    expect(
      withTitles(
        '{"type":"custom-title","customTitle":"Mine","sessionId":"s"}',
        '{"type":"ai-title","aiTitle":"Greeting","sessionId":"s"}',
      ),
    ).toMatchObject({ title: 'Mine', titleSource: 'custom' });
  });

  it('shows duplicated entries once: each line twice, or the whole file appended again', () => {
    for (const r of recordings) {
      const clean = translate(r).events;
      const twice = linesOf(r.text).flatMap((l) => [l, l]);
      expect(translateTranscript(joined(twice), r.subagents).events, r.name).toEqual(clean);
      expect(translateTranscript(r.text + r.text, r.subagents).events, r.name).toEqual(clean);
    }
  });

  it("nests a subagent's entries right whatever their order, in its own file or inline", () => {
    for (const name of ['subagent', 'subagent-background']) {
      const r = recording(name);
      const clean = translate(r).events;
      const reversed = r.subagents.map((s) => ({ ...s, text: joined(linesOf(s.text).reverse()) }));
      expect(translateTranscript(r.text, reversed).events, name).toEqual(clean);

      // Older CLIs wrote sidechain entries into the session file itself, between its own.
      const main = linesOf(r.text);
      const side = r.subagents.flatMap((s) => linesOf(s.text));
      const mixed = [...main];
      side.forEach((line, i) => mixed.splice((i * 7) % mixed.length, 0, line));
      expect(translateTranscript(joined(mixed)).events, name).toEqual(clean);
    }
  });
});

describe('fuzzed on-disk transcripts', () => {
  /** What must hold for any input: a result, counts, each tool use once. */
  function checkAnyResult(result: ReturnType<typeof translateTranscript>): void {
    expect(result.skipped).toBeGreaterThanOrEqual(0);
    expect(result.unknown).toBeGreaterThanOrEqual(0);
    const uses = result.events.filter(
      (e): e is AgentEvent & { type: 'tool_use' } => e.type === 'tool_use',
    );
    expect(new Set(uses.map((u) => u.id)).size).toBe(uses.length);
    expect(() => JSON.stringify(result)).not.toThrow();
  }

  const mutation = fc.oneof(
    fc.record({
      kind: fc.constant('flip'),
      at: fc.nat(),
      char: fc.integer({ min: 0, max: 0xffff }),
    }),
    fc.record({ kind: fc.constant('cut'), at: fc.nat() }),
    fc.record({ kind: fc.constant('drop'), at: fc.nat(), length: fc.nat(400) }),
  );

  function mutate(
    text: string,
    mutations: { kind: string; at: number; char?: number; length?: number }[],
  ) {
    let out = text;
    for (const m of mutations) {
      const at = out.length === 0 ? 0 : m.at % out.length;
      if (m.kind === 'flip')
        out = out.slice(0, at) + String.fromCharCode(m.char!) + out.slice(at + 1);
      else if (m.kind === 'cut') out = out.slice(0, at);
      else out = out.slice(0, at) + out.slice(at + m.length!);
    }
    return out;
  }

  it('never throws and always returns, whatever bytes are flipped, dropped or cut', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...recordings),
        fc.array(mutation, { minLength: 1, maxLength: 12 }),
        (r, mutations) => {
          const subagents = r.subagents.map((s) => ({ ...s, text: mutate(s.text, mutations) }));
          checkAnyResult(translateTranscript(mutate(r.text, mutations), subagents));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never throws on entries of known types whose fields hold anything', () => {
    const anyEntry = fc.record(
      {
        type: fc.constantFrom(
          'user',
          'assistant',
          'system',
          'attachment',
          'progress',
          'summary',
          'custom-title',
        ),
        uuid: fc.oneof(fc.constantFrom('a', 'b', 'c'), fc.anything()),
        parentUuid: fc.oneof(fc.constantFrom('a', 'b', 'c', null), fc.anything()),
        logicalParentUuid: fc.anything(),
        isSidechain: fc.oneof(fc.boolean(), fc.anything()),
        agentId: fc.oneof(fc.constant('a1'), fc.anything()),
        message: fc.anything(),
        attachment: fc.anything(),
        subtype: fc.oneof(fc.constant('compact_boundary'), fc.anything()),
        compactMetadata: fc.anything(),
        toolUseResult: fc.anything(),
        summary: fc.anything(),
        customTitle: fc.anything(),
        timestamp: fc.anything(),
      },
      { requiredKeys: ['type'] },
    );
    fc.assert(
      fc.property(fc.array(anyEntry, { maxLength: 20 }), (entries) => {
        checkAnyResult(translateTranscript(joined(entries.map((e) => JSON.stringify(e) ?? ''))));
      }),
      { numRuns: 300 },
    );
  });
});
