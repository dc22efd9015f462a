import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeTerminalData, encodeTerminalData } from './terminal-data-frame';

describe('terminal data frames', () => {
  it('carry any id and any bytes through unchanged', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9_.:-]{1,128}$/),
        fc.uint8Array({ maxLength: 4096 }),
        (terminalId, data) => {
          expect(decodeTerminalData(encodeTerminalData(terminalId, data))).toEqual({
            terminalId,
            data,
          });
        },
      ),
    );
  });

  it('keep bytes that are not valid UTF-8 as they are', () => {
    const data = new Uint8Array([0xe2, 0x82, 0x1b, 0xff, 0x00]);
    expect(decodeTerminalData(encodeTerminalData('t.1', data))?.data).toEqual(data);
  });

  it('refuse a frame cut short or without an id', () => {
    const frame = encodeTerminalData('terminal', new Uint8Array([1, 2]));
    expect(decodeTerminalData(frame.subarray(0, 4))).toBeUndefined();
    expect(decodeTerminalData(new Uint8Array([0, 1, 2]))).toBeUndefined();
    expect(decodeTerminalData(new Uint8Array())).toBeUndefined();
  });

  it('refuse to encode an id that would not fit or is not ASCII', () => {
    expect(() => encodeTerminalData('', new Uint8Array())).toThrow(RangeError);
    expect(() => encodeTerminalData('é', new Uint8Array())).toThrow(RangeError);
    expect(() => encodeTerminalData('x'.repeat(256), new Uint8Array())).toThrow(RangeError);
  });
});
