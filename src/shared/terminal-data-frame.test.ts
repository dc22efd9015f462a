import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeTerminalData, encodeTerminalData, terminalDataHeader } from './terminal-data-frame';

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

  it('frame output written just after its own header where it lies, and copy any other', () => {
    const header = terminalDataHeader('t.1');
    expect([...header]).toEqual([3, 0x74, 0x2e, 0x31]);
    const memory = new Uint8Array(header.length + 3);
    memory.set(header);
    memory.set([7, 8, 9], header.length);
    const data = memory.subarray(header.length);
    const frame = encodeTerminalData('t.1', data);
    expect(frame.buffer).toBe(memory.buffer);
    expect(frame).toEqual(memory);
    // Another terminal's header, or none, in front: the output is copied into a frame of its own.
    const other = encodeTerminalData('t.2', data);
    expect(other.buffer).not.toBe(memory.buffer);
    expect(decodeTerminalData(other)).toEqual({ terminalId: 't.2', data });
    const alone = encodeTerminalData('t.1', new Uint8Array([7, 8, 9]));
    expect(decodeTerminalData(alone)).toEqual({ terminalId: 't.1', data });
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
