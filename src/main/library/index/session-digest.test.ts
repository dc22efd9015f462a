import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BLOCK_TEXT_CHARS,
  emptyDigest,
  foldEntry,
  searchableText,
  titleOf,
} from './session-digest';
import { ON_DISK_DIR as ON_DISK } from '#test/conformance/on-disk';

const recordings = (() => {
  try {
    return readdirSync(ON_DISK).filter((f) => f.endsWith('.jsonl'));
  } catch {
    return [];
  }
})();

const entries = (file: string): unknown[] =>
  readFileSync(join(ON_DISK, file), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as unknown);

describe('session digest of transcripts written by the real CLI', () => {
  it.skipIf(recordings.length === 0)(
    'two-turns: its folder, prompts, replies, model and client',
    () => {
      const digest = emptyDigest();
      for (const entry of entries('two-turns.jsonl')) foldEntry(digest, entry);
      expect(digest).toMatchObject({
        messages: 4,
        model: 'claude-opus-5-5',
        entrypoint: 'sdk-cli',
      });
      expect(digest.cwd).toMatch(/two-turns/);
      expect(titleOf(digest)).toBe('First question: what is 1+1?');
      expect(digest.firstAt).toBeLessThanOrEqual(digest.lastAt!);
    },
  );

  it.skipIf(recordings.length === 0)(
    'every recording folds without error and indexes its conversation only',
    () => {
      for (const file of recordings) {
        const digest = emptyDigest();
        const text = entries(file).map((e) => {
          foldEntry(digest, e);
          return searchableText(e);
        });
        expect(digest.messages, file).toBeGreaterThan(0);
        // The system prompt snapshots and tool listings the CLI records are not conversation.
        expect(text.join('\n'), file).not.toContain('deferred tools are now available');
      }
    },
  );
});

describe('searchableText', () => {
  it('takes prompts, replies, tool inputs and outputs and titles; skips thinking and bookkeeping', () => {
    const reply = {
      type: 'assistant',
      message: {
        content: [
          { type: 'thinking', thinking: 'private musing' },
          { type: 'text', text: 'visible reply' },
          {
            type: 'tool_use',
            name: 'Edit',
            input: { file_path: '/src/a.ts', edits: [{ old: 'foo' }] },
          },
        ],
      },
    };
    expect(searchableText(reply).split('\n')).toEqual([
      'visible reply',
      'Edit',
      '/src/a.ts',
      'foo',
    ]);
    const result = {
      type: 'user',
      message: { content: [{ type: 'tool_result', content: [{ type: 'text', text: 'out' }] }] },
    };
    expect(searchableText(result)).toBe('out');
    expect(searchableText({ type: 'summary', summary: 'older title' })).toBe('older title');
    expect(searchableText({ type: 'attachment', attachment: { text: 'no' } })).toBe('');
    expect(searchableText({ type: 'user', isMeta: true, message: { content: 'meta' } })).toBe('');
    expect(searchableText('nonsense')).toBe('');
  });

  it('caps a huge tool output', () => {
    const big = {
      type: 'user',
      message: { content: [{ type: 'tool_result', content: 'x'.repeat(1e6) }] },
    };
    expect(searchableText(big)).toHaveLength(BLOCK_TEXT_CHARS);
  });
});

describe('foldEntry', () => {
  it('ignores what it does not know and keeps what it knew', () => {
    const digest = emptyDigest();
    for (const entry of [
      null,
      3,
      [],
      { type: 'user' },
      { type: 'assistant', message: 'x' },
      { type: 'x-new' },
    ])
      foldEntry(digest, entry);
    expect(digest).toEqual({ messages: 0 });
    expect(titleOf(digest)).toBe('(no prompt)');
  });

  it('counts sidechain (subagent) entries as no message and not as the title', () => {
    const digest = emptyDigest();
    foldEntry(digest, { type: 'user', isSidechain: true, message: { content: 'subagent task' } });
    foldEntry(digest, {
      type: 'user',
      message: { content: '<command-name>/clear</command-name>' },
    });
    foldEntry(digest, { type: 'user', message: { content: 'real prompt' } });
    expect(digest.messages).toBe(1);
    expect(digest.firstPrompt).toBe('real prompt');
  });
});
