import { z } from 'zod';
import { appearanceSettingsSchema, notificationSettingsSchema } from '../settings';
import type { RequestTable } from './request-table';

// What the page asks of the app around its blocks, and what reaches it from outside the page.

export const appRequests = {
  getAppInfo: {
    params: z.object({}).strict(),
    result: z.object({
      workspaceDir: z.string(),
      platform: z.string(),
      shell: z.string(),
      // Why the settings file is not in use, in one line; absent when it is fine.
      settingsProblem: z.string().optional(),
      // Which desktop notifications the user wants (asked again after `settingsChanged`).
      notifications: notificationSettingsSchema,
      // The terminal's font and the colour theme (asked again after `settingsChanged`).
      appearance: appearanceSettingsSchema,
      // For xterm's `windowsPty` option: ConPTY and the Windows build, so reflow matches it.
      windowsPty: z
        .object({ backend: z.literal('conpty'), buildNumber: z.number().int() })
        .optional(),
    }),
  },
  // `opened: false` means the host cannot open links (browser mode): the page opens it itself.
  openExternal: {
    params: z.object({ url: z.string().max(8192) }).strict(),
    result: z.object({ opened: z.boolean() }),
  },
  // Creates the settings file if missing and opens it in the system's editor; `opened: false`
  // where the host cannot (browser mode): the page shows the path instead.
  openSettings: {
    params: z.object({}).strict(),
    result: z.object({ path: z.string(), opened: z.boolean() }),
  },
} as const satisfies RequestTable;

export const appHostEvents = {
  // A command chosen outside the page (the application menu), run by the workspace.
  runCommand: z.object({ command: z.string().min(1).max(128) }),
  // The settings file was re-read: why it is not in use, or null when it is.
  settingsChanged: z.object({ problem: z.string().nullable() }),
  // A terminal asked for from outside the page (a second launch with --cwd DIR).
  openTerminalIn: z.object({ cwd: z.string().min(1).max(4096) }),
} as const;
