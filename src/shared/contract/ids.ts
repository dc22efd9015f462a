import { z } from 'zod';

// The ids blocks give their agents and terminals, checked alike by every request that names one.
// Its own module: agent.ts imports composer.ts, so the composer's half could not take the schema
// from there without an import cycle.

const BLOCK_ID = /^[A-Za-z0-9_.:-]{1,128}$/;

const blockId = (what: string) =>
  z.string().regex(BLOCK_ID, `${what} is 1-128 letters, digits or _.:-`);

export const agentIdSchema = blockId('an agent id');
export const terminalIdSchema = blockId('a terminal id');
