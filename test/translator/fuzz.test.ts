import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ClaudeTranslator, HANDLED_FRAME_TYPES } from '../../src/main/agent/claude-translator';
import { parseFrame } from '../../src/main/agent/parse-frame';
import { joinLines, splitLines, translateBytes } from './transcript';

const DIR = join(__dirname, '..', 'conformance', 'recordings');
const transcripts = readdirSync(DIR)
  .filter((f) => f.endsWith('.jsonl'))
  .map((f) => readFileSync(join(DIR, f)));
const realFrames = transcripts.flatMap((t) => splitLines(t)).map((l) => JSON.parse(l) as unknown);

const FRAME_TYPES = [...HANDLED_FRAME_TYPES];

/** A frame of a known type whose every field may hold anything. */
const randomFrame = fc.record(
  {
    type: fc.constantFrom(...FRAME_TYPES),
    subtype: fc.oneof(
      fc.constantFrom('init', 'status', 'compact_boundary', 'task_started'),
      fc.anything(),
    ),
    event: fc.record(
      {
        type: fc.constantFrom(
          'message_start',
          'content_block_start',
          'content_block_delta',
          'content_block_stop',
        ),
        index: fc.oneof(fc.nat(3), fc.anything()),
        delta: fc.oneof(
          fc.record({
            type: fc.constantFrom('text_delta', 'input_json_delta', 'thinking_delta'),
            text: fc.anything(),
            partial_json: fc.string(),
          }),
          fc.anything(),
        ),
        content_block: fc.oneof(
          fc.record({
            type: fc.constantFrom('text', 'tool_use', 'thinking'),
            id: fc.string(),
            name: fc.anything(),
          }),
          fc.anything(),
        ),
        message: fc.anything(),
      },
      { requiredKeys: [] },
    ),
    message: fc.oneof(
      fc.record({ id: fc.string(), model: fc.string(), content: fc.anything() }),
      fc.anything(),
    ),
    request: fc.anything(),
    compact_metadata: fc.anything(),
    usage: fc.anything(),
    result: fc.anything(),
    is_error: fc.anything(),
    isReplay: fc.boolean(),
    parent_tool_use_id: fc.oneof(fc.constant(null), fc.string(), fc.anything()),
  },
  { requiredKeys: ['type'] },
);

/** A real frame with one value somewhere inside it replaced (or removed). */
const mutatedFrame = fc
  .tuple(
    fc.nat(realFrames.length - 1),
    fc.array(fc.nat(), { maxLength: 6 }),
    fc.anything(),
    fc.boolean(),
  )
  .map(([pick, path, replacement, remove]) => {
    const frame = structuredClone(realFrames[pick]) as Record<string, unknown>;
    let node: unknown = frame;
    for (let depth = 0; depth < path.length; depth++) {
      if (typeof node !== 'object' || node === null) break;
      const keys = Object.keys(node);
      if (keys.length === 0) break;
      const key = keys[path[depth]! % keys.length]!;
      const container = node as Record<string, unknown>;
      if (
        depth === path.length - 1 ||
        typeof container[key] !== 'object' ||
        container[key] === null
      ) {
        if (remove) delete container[key];
        else container[key] = replacement;
        break;
      }
      node = container[key];
    }
    return frame;
  });

const anyLine = fc.oneof(
  fc.string(),
  fc.json(),
  randomFrame.map((f) => JSON.stringify(f)),
  mutatedFrame.map((f) => JSON.stringify(f)),
);

describe('translator fuzzing', () => {
  it('never throws on random and mutated frames, and every event has a known shape', () => {
    fc.assert(
      fc.property(fc.array(anyLine, { maxLength: 40 }), (lines) => {
        const translator = new ClaudeTranslator();
        for (const line of lines) {
          expect(() => parseFrame(line)).not.toThrow();
          for (const event of translator.pushLine(line)) {
            expect(typeof event.type).toBe('string');
            expect(() => JSON.stringify(event)).not.toThrow();
          }
        }
        translator.end();
      }),
      { numRuns: 3000 },
    );
  });

  it('never throws on random bytes in random chunks', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 4096 }),
        fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1 }),
        (bytes, sizes) => {
          translateBytes(Buffer.from(bytes), sizes);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('translates a well-formed transcript after garbage exactly as on its own', () => {
    const garbageLine = fc
      .oneof(
        fc.string(),
        fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b).toString('latin1')),
      )
      .map((s) => s.replace(/[\r\n]/g, ' '))
      .filter((s) => !s.trimStart().startsWith('{'));
    fc.assert(
      fc.property(
        fc.nat(transcripts.length - 1),
        fc.array(garbageLine, { maxLength: 20 }),
        fc.integer({ min: 1, max: 5000 }),
        (pick, garbage, chunk) => {
          const transcript = transcripts[pick]!;
          const expected = translateBytes(transcript);
          const noisy = Buffer.concat([joinLines(garbage), transcript]);
          expect(translateBytes(noisy, [chunk])).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
