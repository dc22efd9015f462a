import { z } from 'zod';
import { agentIdSchema as agentId } from './ids';
import type { RequestTable } from './request-table';

// "Rewind code to here": the CLI's file checkpoints, taken at each prompt, put the files the
// agent's edit tools changed back as they were before that prompt.

/** The prompt's uuid, as Tether stamped it and the CLI replays it. */
const userMessageId = z.string().min(1).max(256);

const rewindChangesSchema = z.object({
  /** Absolute paths of the files the rewind changes. */
  files: z.array(z.string()),
  /** Lines the rewind puts back and takes out, over all those files. */
  insertions: z.number().int().min(0),
  deletions: z.number().int().min(0),
});
export type RewindChanges = z.infer<typeof rewindChangesSchema>;

export const rewindRequests = {
  /** What rewinding to before that prompt would change, changing nothing (a dry run). */
  previewRewind: {
    params: z.object({ agentId, userMessageId }).strict(),
    result: rewindChangesSchema,
  },
  /** Puts the files back as they were before that prompt. */
  rewindFiles: {
    params: z.object({ agentId, userMessageId }).strict(),
    result: z.null(),
  },
} as const satisfies RequestTable;
