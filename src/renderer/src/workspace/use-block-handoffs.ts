import { useRef } from 'react';
import type { AgentFork } from '../blocks/registry';

export interface Handoffs {
  askAgent(fromBlockId: string, text: string): void;
  runInTerminal(fromBlockId: string, command: string): void;
  forkAgent(fromBlockId: string, fork: AgentFork): void;
}

type BoundHandoffs = {
  askAgent(text: string): void;
  runInTerminal(command: string): void;
  forkAgent(fork: AgentFork): void;
};

/**
 * Per block, the same callbacks for its whole life (each calls the latest `handoffs`), so a
 * block's transcript rows, which read them from context, do not redraw with every workspace change.
 */
export function useBlockHandoffs(handoffs: Handoffs): (blockId: string) => BoundHandoffs {
  const latest = useRef(handoffs);
  latest.current = handoffs;
  const bound = useRef(new Map<string, BoundHandoffs>());
  return (blockId) => {
    let callbacks = bound.current.get(blockId);
    if (!callbacks) {
      callbacks = {
        askAgent: (text) => latest.current.askAgent(blockId, text),
        runInTerminal: (command) => latest.current.runInTerminal(blockId, command),
        forkAgent: (fork) => latest.current.forkAgent(blockId, fork),
      };
      bound.current.set(blockId, callbacks);
    }
    return callbacks;
  };
}
