import { decodeTerminalData, encodeTerminalData } from './terminal-data-frame';

/**
 * An agent's raw output as one binary WebSocket message: a zero byte, then the agent id and the
 * bytes laid out as a terminal frame. No terminal frame starts with zero (its first byte is its
 * id's length, at least one), so one socket carries both kinds apart.
 */

export interface AgentRawData {
  agentId: string;
  data: Uint8Array;
}

export function encodeAgentRaw(agentId: string, data: Uint8Array): Uint8Array {
  const inner = encodeTerminalData(agentId, data);
  const frame = new Uint8Array(1 + inner.length);
  frame.set(inner, 1);
  return frame;
}

export function isAgentRawFrame(frame: Uint8Array): boolean {
  return frame.length > 0 && frame[0] === 0;
}

/** The frame's parts, its data a view on the same memory; undefined when it is no such frame. */
export function decodeAgentRaw(frame: Uint8Array): AgentRawData | undefined {
  if (!isAgentRawFrame(frame)) return undefined;
  const inner = decodeTerminalData(frame.subarray(1));
  return inner && { agentId: inner.terminalId, data: inner.data };
}
