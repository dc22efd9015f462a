import { encodeAgentRaw } from '../../shared/agent-raw-frame';
import type { EventMessage, ServerFrame } from '../../shared/contract/host';
import { encodeTerminalData } from '../../shared/terminal-data-frame';

/**
 * A host event as one WebSocket message: output bytes (a terminal's, an agent's raw bytes) as a
 * binary message, which costs no escaping or base64 and reaches xterm as the bytes it takes;
 * everything else as JSON text.
 */
export function eventMessageFrame(event: EventMessage): string | Uint8Array {
  if (event.name === 'terminalData') {
    return encodeTerminalData(event.payload.terminalId, event.payload.data);
  }
  if (event.name === 'agentRaw') return encodeAgentRaw(event.payload.agentId, event.payload.data);
  const frame: ServerFrame = { type: 'event', event };
  return JSON.stringify(frame);
}
