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
  // At most three bytes a UTF-16 unit: anything this short fits without measuring it.
  if (json.length * 3 <= MAX_MESSAGE_BYTES) return [json];
  const bytes = new TextEncoder().encode(json);
  if (bytes.length <= MAX_MESSAGE_BYTES) return [json];
  if (bytes.length > MAX_REQUEST_BYTES) return null;
  const pieces: Uint8Array[] = [];
  const size = MAX_MESSAGE_BYTES - 1;
  for (let start = 0; start < bytes.length; start += size) {
    const slice = bytes.subarray(start, start + size);
    const piece = new Uint8Array(slice.length + 1);
    piece[0] = start + size < bytes.length ? PIECE_MORE : PIECE_LAST;
    piece.set(slice, 1);
    pieces.push(piece);
  }
  return pieces;
}
