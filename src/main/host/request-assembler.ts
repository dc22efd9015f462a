import { MAX_REQUEST_BYTES, PIECE_LAST, PIECE_MORE } from '../../shared/request-pieces';

/** Puts a big request's pieces back together: one request at a time, as the page sends them. */
export class RequestAssembler {
  private pieces: Buffer[] = [];
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
    this.pieces.push(piece.subarray(1));
    if (flag === PIECE_MORE) return null;
    const whole = Buffer.concat(this.pieces).toString('utf8');
    this.reset();
    return whole;
  }

  private reset(): void {
    this.pieces = [];
    this.size = 0;
  }
}
