import { z } from 'zod';
import { agentIdSchema as agentId } from './ids';
import type { RequestTable } from './request-table';

// Reviewing what an agent changed: the host acts only on edits found in that agent block's own
// log, never on a path or text a page names.

const toolUseId = z.string().min(1).max(256);

export const reviewRequests = {
  /** Takes one replacement of an Edit or MultiEdit back in the working file ("Revert hunk"). */
  revertAgentEdit: {
    params: z
      .object({ agentId, toolUseId, editIndex: z.number().int().min(0).max(10_000) })
      .strict(),
    result: z.object({ path: z.string() }),
  },
  /** Opens a file the agent edited in the user's editor ("Open in editor"). */
  openEditedFile: {
    params: z.object({ agentId, toolUseId }).strict(),
    result: z.null(),
  },
  /**
   * Where the text one change of an edit tool left is in its file now (a review comment's line
   * numbers): the line it starts on, or null when the file no longer holds it exactly once.
   */
  locateAgentEdit: {
    params: z
      .object({ agentId, toolUseId, editIndex: z.number().int().min(0).max(10_000) })
      .strict(),
    result: z.object({ line: z.number().int().min(1).nullable() }),
  },
} as const satisfies RequestTable;
