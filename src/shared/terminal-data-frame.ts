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

export function encodeTerminalData(terminalId: string, data: Uint8Array): Uint8Array {
  if (!/^[\x20-\x7e]{1,255}$/.test(terminalId)) throw new RangeError('bad terminal id');
  const frame = new Uint8Array(1 + terminalId.length + data.length);
  frame[0] = terminalId.length;
  for (let i = 0; i < terminalId.length; i++) frame[1 + i] = terminalId.charCodeAt(i);
  frame.set(data, 1 + terminalId.length);
  return frame;
}

/** The frame's parts, its data a view on the same memory; undefined when it is cut short. */
export function decodeTerminalData(frame: Uint8Array): TerminalData | undefined {
  const length = frame[0];
  if (!length || frame.length < 1 + length) return undefined;
  const terminalId = String.fromCharCode(...frame.subarray(1, 1 + length));
  return { terminalId, data: frame.subarray(1 + length) };
}
