/**
 * Terminal output as one binary WebSocket message: a byte with the terminal id's length, the id
 * (ASCII, as the contract requires), then the output's UTF-8 bytes. Output is most of what
 * browser mode carries; as JSON every character was escaped, parsed and copied on its way to
 * xterm, which takes bytes and decodes UTF-8 itself.
 */

export interface TerminalData {
  terminalId: string;
  data: Uint8Array;
}

/** What comes before a terminal's output in its frame: the id's length, then the id. */
export function terminalDataHeader(terminalId: string): Uint8Array {
  if (!/^[\x20-\x7e]{1,255}$/.test(terminalId)) throw new RangeError('bad terminal id');
  const header = new Uint8Array(1 + terminalId.length);
  header[0] = terminalId.length;
  for (let i = 0; i < terminalId.length; i++) header[1 + i] = terminalId.charCodeAt(i);
  return header;
}

/**
 * The frame of `data`. Output that was written just after its own frame's header (a terminal
 * session's `frameHeader`) is framed where it lies, as a view: one buffer per frame and no copy
 * of the output, which is most of what browser mode sends.
 */
export function encodeTerminalData(terminalId: string, data: Uint8Array): Uint8Array {
  const header = terminalDataHeader(terminalId);
  const start = data.byteOffset - header.length;
  if (start >= 0) {
    const before = new Uint8Array(data.buffer, start, header.length);
    if (before.every((byte, i) => byte === header[i])) {
      return new Uint8Array(data.buffer, start, header.length + data.length);
    }
  }
  const frame = new Uint8Array(header.length + data.length);
  frame.set(header);
  frame.set(data, header.length);
  return frame;
}

/** The frame's parts, its data a view on the same memory; undefined when it is cut short. */
export function decodeTerminalData(frame: Uint8Array): TerminalData | undefined {
  const length = frame[0];
  if (!length || frame.length < 1 + length) return undefined;
  const terminalId = String.fromCharCode(...frame.subarray(1, 1 + length));
  return { terminalId, data: frame.subarray(1 + length) };
}
