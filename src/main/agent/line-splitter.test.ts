import { describe, expect, it } from 'vitest';
import { LineSplitter } from './line-splitter';

function split(chunks: (string | Buffer)[], options = {}): { lines: string[]; dropped: number[] } {
  const lines: string[] = [];
  const dropped: number[] = [];
  const splitter = new LineSplitter((l) => lines.push(l), {
    ...options,
    onOversizedLine: (n) => dropped.push(n),
  });
  for (const c of chunks) splitter.push(c);
  splitter.end();
  return { lines, dropped };
}

describe('LineSplitter', () => {
  it('splits on \\n and \\r\\n', () => {
    expect(split(['a\nb\r\nc\n']).lines).toEqual(['a', 'b', 'c']);
  });

  it('joins a line split across chunks, including a \\r\\n split between them', () => {
    expect(split(['{"a":', '1}\r', '\nnext\n']).lines).toEqual(['{"a":1}', 'next']);
  });

  it('decodes a UTF-8 sequence split across Buffers', () => {
    const bytes = Buffer.from('Grüße 世界 🎉\n', 'utf8');
    const chunks = Array.from(bytes, (b) => Buffer.from([b]));
    expect(split(chunks).lines).toEqual(['Grüße 世界 🎉']);
  });

  it('flushes a final line without a newline at end', () => {
    expect(split(['one\n', '\x1b[?25h\x1b[0m']).lines).toEqual(['one', '\x1b[?25h\x1b[0m']);
  });

  it('emits nothing at end when the stream ended on a newline', () => {
    expect(split(['one\n']).lines).toEqual(['one']);
  });

  it('keeps empty lines (they are for the frame parser to skip)', () => {
    expect(split(['a\n\r\n\nb\n']).lines).toEqual(['a', '', '', 'b']);
  });

  it('does not alias the caller’s buffer once push returns', () => {
    const lines: string[] = [];
    const splitter = new LineSplitter((l) => lines.push(l));
    const buf = Buffer.from('abc');
    splitter.push(buf);
    buf.fill(0x78);
    splitter.push('\n');
    expect(lines).toEqual(['abc']);
  });

  it('drops a line past the bound with a counted notice, and later lines are intact', () => {
    const big = 'x'.repeat(50);
    const { lines, dropped } = split(['ok\n', big.slice(0, 20), big.slice(20), '\nafter\n'], {
      maxLineBytes: 32,
    });
    expect(lines).toEqual(['ok', 'after']);
    expect(dropped).toEqual([50]);
  });

  it('drops a line past the bound that arrives in one chunk', () => {
    const lines: string[] = [];
    const splitter = new LineSplitter((l) => lines.push(l), { maxLineBytes: 4 });
    splitter.push('toolong\nok\n');
    expect(lines).toEqual(['ok']);
    expect(splitter.droppedLines).toBe(1);
  });

  it('counts an oversized unterminated final line at end', () => {
    const { lines, dropped } = split(['a\n', 'y'.repeat(10)], { maxLineBytes: 8 });
    expect(lines).toEqual(['a']);
    expect(dropped).toEqual([10]);
  });

  it('handles a multi-megabyte line in many chunks', () => {
    const payload = JSON.stringify({ type: 'user', text: 'é'.repeat(3_000_000) });
    const bytes = Buffer.from(payload + '\r\n');
    const chunks: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += 65_537) chunks.push(bytes.subarray(i, i + 65_537));
    expect(split(chunks).lines).toEqual([payload]);
  });
});
