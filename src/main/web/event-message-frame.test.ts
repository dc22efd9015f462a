import { describe, expect, it } from 'vitest';
import { decodeAgentRaw } from '../../shared/agent-raw-frame';
import { decodeTerminalData } from '../../shared/terminal-data-frame';
import { eventMessageFrame } from './event-message-frame';

describe('eventMessageFrame', () => {
  const bytes = new Uint8Array([0x1b, 0x5b, 0x41, 0xff, 0x00]);

  it('sends an agent’s raw bytes as a binary message, byte for byte', () => {
    const frame = eventMessageFrame({ name: 'agentRaw', payload: { agentId: 'a1', data: bytes } });
    expect(frame).toBeInstanceOf(Uint8Array);
    expect(decodeAgentRaw(frame as Uint8Array)).toEqual({ agentId: 'a1', data: bytes });
    expect((frame as Uint8Array).length).toBe(bytes.length + 'a1'.length + 2);
  });

  it('sends terminal output as a binary message, and other events as JSON', () => {
    const output = eventMessageFrame({
      name: 'terminalData',
      payload: { terminalId: 't1', data: bytes },
    });
    expect(decodeTerminalData(output as Uint8Array)).toEqual({ terminalId: 't1', data: bytes });
    const unhandled = { agentId: 'a1', count: 2, line: 'Warning' };
    expect(
      JSON.parse(eventMessageFrame({ name: 'agentUnhandled', payload: unhandled }) as string),
    ).toEqual({
      type: 'event',
      event: { name: 'agentUnhandled', payload: unhandled },
    });
  });
});
