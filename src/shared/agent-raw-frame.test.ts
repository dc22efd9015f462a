import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeAgentRaw, encodeAgentRaw, isAgentRawFrame } from './agent-raw-frame';
import { decodeTerminalData, encodeTerminalData } from './terminal-data-frame';

const id = fc.stringMatching(/^[A-Za-z0-9_.:-]{1,128}$/);

describe('agent raw frames', () => {
  it('carry any agent id and any bytes through unchanged', () => {
    fc.assert(
      fc.property(id, fc.uint8Array({ maxLength: 4096 }), (agentId, data) => {
        expect(decodeAgentRaw(encodeAgentRaw(agentId, data))).toEqual({ agentId, data });
      }),
    );
  });

  it('are told apart from terminal frames on the same socket, both ways', () => {
    fc.assert(
      fc.property(id, fc.uint8Array({ maxLength: 64 }), (name, data) => {
        const terminal = encodeTerminalData(name, data);
        const agent = encodeAgentRaw(name, data);
        expect(isAgentRawFrame(terminal)).toBe(false);
        expect(decodeAgentRaw(terminal)).toBeUndefined();
        expect(isAgentRawFrame(agent)).toBe(true);
        expect(decodeTerminalData(agent)).toBeUndefined();
      }),
    );
  });

  it('refuse a frame cut short', () => {
    expect(decodeAgentRaw(encodeAgentRaw('agent-1', new Uint8Array([1])).subarray(0, 5))).toBe(
      undefined,
    );
    expect(decodeAgentRaw(new Uint8Array([0]))).toBeUndefined();
  });
});
