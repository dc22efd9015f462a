import { describe, expect, it } from 'vitest';
import { MAX_REQUEST_BYTES, PIECE_LAST, PIECE_MORE } from '../../shared/request-pieces';
import { RequestAssembler } from './request-assembler';

const piece = (flag: number, bytes: Uint8Array) => Buffer.concat([Buffer.from([flag]), bytes]);

describe('RequestAssembler', () => {
  it('joins the pieces into the text sent, also where a character is cut between two', () => {
    const text = JSON.stringify({ prompt: 'héllo wörld ✓ 🙂'.repeat(50) });
    const bytes = Buffer.from(text);
    const assembler = new RequestAssembler();
    // Cut every 7 bytes: the two-, three- and four-byte characters land across pieces.
    let whole: string | null = null;
    for (let at = 0; at < bytes.length; at += 7) {
      const end = Math.min(at + 7, bytes.length);
      whole = assembler.push(
        piece(end === bytes.length ? PIECE_LAST : PIECE_MORE, bytes.subarray(at, end)),
      );
      if (end < bytes.length) expect(whole).toBeNull();
    }
    expect(whole).toBe(text);
  });

  it('starts afresh after each request, and after one refused for its size', () => {
    const assembler = new RequestAssembler();
    // A request cut inside its last character, then a whole one: nothing of the first carries over.
    expect(assembler.push(piece(PIECE_MORE, Buffer.from('"caf')))).toBeNull();
    expect(assembler.push(piece(PIECE_LAST, Buffer.from('é').subarray(0, 1)))).toBe('"caf\ufffd');
    expect(assembler.push(piece(PIECE_LAST, Buffer.from('"ok"')))).toBe('"ok"');
    const big = Buffer.alloc(1024 * 1024, 0x61);
    expect(() => {
      for (let sent = 0; sent <= MAX_REQUEST_BYTES; sent += big.length) {
        assembler.push(piece(PIECE_MORE, big));
      }
    }).toThrow(/a request over/);
    expect(assembler.push(piece(PIECE_LAST, Buffer.from('"next"')))).toBe('"next"');
  });

  it('refuses what is not a piece', () => {
    expect(() => new RequestAssembler().push(Buffer.from('{"not":"a piece"}'))).toThrow(
      /not a request piece/,
    );
  });
});
