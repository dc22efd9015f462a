import { z } from 'zod';
import { settingsSchema } from '../settings';
import type { RequestTable } from './request-table';

// "Tether settings": the page's view of Tether's own settings file, and its edits to it.

const tetherSettingsSchema = z.object({
  /** The file, for "Open settings file" and for messages. */
  path: z.string(),
  /** What the file sets; `{}` while it is not valid (then `problem` says why). */
  settings: settingsSchema,
  problem: z.string().nullable(),
  /** What applies where the file sets nothing, for the page to show. */
  defaults: z.object({ shell: z.string(), reattachGraceSeconds: z.number() }),
});

export const tetherSettingsRequests = {
  getTetherSettings: {
    params: z.object({}).strict(),
    result: tetherSettingsSchema,
  },
  /**
   * Sets each key given (null: back to the default) in the settings file, keeping the rest of it
   * as it is. Refused with the reason, and nothing written, when the file does not parse or the
   * change would make it invalid.
   */
  changeTetherSettings: {
    params: z.object({ changes: settingsSchema }).strict(),
    result: tetherSettingsSchema,
  },
} as const satisfies RequestTable;
