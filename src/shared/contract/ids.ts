import { z } from 'zod';

// The ids blocks give their agents and terminals, checked alike by every request that names one.
// Its own module: agent.ts imports composer.ts, so the composer's half could not take the schema
// from there without an import cycle.

const BLOCK_ID = /^[A-Za-z0-9_.:-]{1,128}$/;

const blockId = (what: string) =>
  z.string().regex(BLOCK_ID, `${what} is 1-128 letters, digits or _.:-`);

export const agentIdSchema = blockId('an agent id');
export const terminalIdSchema = blockId('a terminal id');

/**
 * Claude session ids, and the ids of the entries in a session's file, are UUIDs. Nothing else is
 * let through: the id goes to the CLI as an argument, and one like `--debug-file=<path>` would be
 * taken as an option.
 */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const claudeSessionIdSchema = z.string().regex(UUID, 'a Claude session id is a UUID');
export const sessionEntryIdSchema = z.string().regex(UUID, 'a message id is a UUID');
