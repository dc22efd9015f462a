import {
  MAX_MESSAGE_BYTES,
  MAX_REQUEST_BYTES,
  PIECE_LAST,
  PIECE_MORE,
} from '../../../shared/request-pieces';

/**
 * A request as WebSocket messages: itself when it fits one, else binary pieces within the cap;
 * null when it is larger than any request the contract allows.
 */
export function splitRequest(json: string): Array<string | Uint8Array> | null {
  const encoder = new TextEncoder();
  // One to three bytes a UTF-16 unit: a short request fits without measuring it, and one longer
  // than the cap cannot fit, nor one longer than the limit be sent.
  if (json.length * 3 <= MAX_MESSAGE_BYTES) return [json];
  if (json.length <= MAX_MESSAGE_BYTES && encoder.encode(json).length <= MAX_MESSAGE_BYTES) {
    return [json];
  }
  if (json.length > MAX_REQUEST_BYTES) return null;
  // Encoded piece by piece, straight into the messages: the largest request (over 100 MB) is
  // never held a second time as one block of bytes. encodeInto stops before a character that
  // does not fit, so none is cut in two.
  const pieces: Uint8Array[] = [];
  let size = 0;
  for (let rest = json; rest.length > 0;) {
    const piece = new Uint8Array(MAX_MESSAGE_BYTES);
    const { read, written } = encoder.encodeInto(rest, piece.subarray(1));
    size += written;
    if (size > MAX_REQUEST_BYTES) return null;
    rest = rest.slice(read);
    piece[0] = rest.length > 0 ? PIECE_MORE : PIECE_LAST;
    pieces.push(piece.subarray(0, written + 1));
  }
  return pieces;
}
