import { MAX_REQUEST_BYTES, PIECE_LAST, PIECE_MORE } from '../../shared/request-pieces';

/**
 * Puts a big request's pieces back together: one request at a time, as the page sends them. Each
 * piece is decoded as it comes and let go (a character cut between two pieces is kept for the
 * next), so the largest request the contract allows, some 165 MB, is held once as text rather
 * than as its pieces, their join and the text made from it.
 */
export class RequestAssembler {
  private decoder = new TextDecoder();
  private text: string[] = [];
  private size = 0;

  /** The whole request's JSON after its last piece, else null; throws past the contract's limit. */
  push(piece: Buffer): string | null {
    const flag = piece[0];
    if (flag !== PIECE_MORE && flag !== PIECE_LAST) throw new RangeError('not a request piece');
    this.size += piece.length - 1;
    if (this.size > MAX_REQUEST_BYTES) {
      this.reset();
      throw new RangeError(`a request over ${MAX_REQUEST_BYTES} bytes`);
    }
    const last = flag === PIECE_LAST;
    this.text.push(this.decoder.decode(piece.subarray(1), { stream: !last }));
    if (!last) return null;
    const whole = this.text.join('');
    this.reset();
    return whole;
  }

  private reset(): void {
    this.decoder = new TextDecoder();
    this.text = [];
    this.size = 0;
  }
}
