import { z } from 'zod';
import { MAX_PROMPT_CHARS } from './agent';
import type { RequestTable } from './request-table';

// "Export transcript": a save dialog where the host has one (`supported: false` in browser mode,
// where the page downloads the file). The token names the path the user chose: the host writes
// only there, once.

export const exportRequests = {
  chooseExportFile: {
    params: z.object({ suggestedName: z.string().min(1).max(255) }).strict(),
    result: z.object({ supported: z.boolean(), token: z.string().nullable() }),
  },
  writeExportFile: {
    params: z
      .object({ token: z.string().min(1).max(128), content: z.string().max(MAX_PROMPT_CHARS) })
      .strict(),
    result: z.object({ path: z.string() }),
  },
} as const satisfies RequestTable;
