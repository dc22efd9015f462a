import { z } from 'zod';
import { agentEventSchema } from './agent';
import {
  libraryFilterSchema,
  libraryProblemsSchema,
  libraryProgressSchema,
  sessionSummarySchema,
  snippetSchema,
} from '../library';
import { claudeSessionIdSchema as sessionId } from './ids';
import { sshHostSchema } from './remote';
import type { RequestTable } from './request-table';

// "Open session library": the host's half, spread into hostRequests / hostEvents. The library
// only reads the CLI's files; nothing here changes them.

export const libraryRequests = {
  /** Sessions newest first, the projects they ran in, what could not be read, the scan's state. */
  listSessions: {
    params: libraryFilterSchema,
    result: z.object({
      sessions: z.array(sessionSummarySchema),
      projects: z.array(
        z.object({
          project: z.string(),
          sessions: z.number().int(),
          lastAt: z.number().nullable(),
        }),
      ),
      problems: libraryProblemsSchema,
      /** The ssh hosts whose sessions the library holds or fetches, for the host filter. */
      hosts: z.array(sshHostSchema).optional(),
      /** The scan under way, or null when the index is up to date. */
      progress: libraryProgressSchema.nullable(),
    }),
  },
  /** Full text over prompts, replies and tool inputs and outputs: best sessions first. */
  searchSessions: {
    params: libraryFilterSchema.extend({ query: z.string().min(1).max(500) }).strict(),
    result: z.object({
      hits: z.array(z.object({ session: sessionSummarySchema, snippet: snippetSchema })),
    }),
  },
  /** A session's transcript as the events a live agent block shows. */
  readSession: {
    params: z.object({ sessionId, host: sshHostSchema.optional() }).strict(),
    result: z.object({
      session: sessionSummarySchema,
      events: z.array(agentEventSchema),
      /** Lines that could not be read, and entries of kinds this Tether does not know. */
      skipped: z.number().int(),
      unknown: z.number().int(),
    }),
  },
  rescanLibrary: { params: z.object({}).strict(), result: z.null() },
  /** Shows the file in the system's file manager; `revealed: false` where the host cannot. */
  revealSessionFile: {
    params: z.object({ sessionId, host: sshHostSchema.optional() }).strict(),
    result: z.object({ path: z.string(), revealed: z.boolean() }),
  },
} as const satisfies RequestTable;

export const libraryHostEvents = {
  /** Sessions were added, grew or went: a shown list asks again. */
  libraryChanged: z.object({}),
  libraryProgress: libraryProgressSchema,
} as const;
