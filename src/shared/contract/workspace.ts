import { z } from 'zod';
import { workspaceStateSchema } from '../workspace-state';
import type { RequestTable } from './request-table';

// The workspace's layout and blocks, saved by the host for the next start (null before the first).

export const workspaceRequests = {
  loadWorkspace: { params: z.object({}).strict(), result: workspaceStateSchema.nullable() },
  saveWorkspace: {
    params: z.object({ workspace: workspaceStateSchema }).strict(),
    result: z.null(),
  },
} as const satisfies RequestTable;
