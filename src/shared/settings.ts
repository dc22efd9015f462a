import { z } from 'zod';
import { worktreeSetupSchema } from './worktree-setup';

export const colorThemes = ['system', 'light', 'dark'] as const;
export type ColorTheme = (typeof colorThemes)[number];

/**
 * The user's settings file (`settings.json` in the app's data folder). Every key is optional and
 * `null` means "Tether's default"; unknown keys are refused, so a misspelt one is reported
 * instead of silently doing nothing.
 */
export const settingsSchema = z
  .object({
    /** The `claude` binary agents run (TETHER_CLAUDE still comes first). */
    claudePath: z.string().min(1).nullable().optional(),
    /** The program new terminals run instead of the user's default shell. */
    shell: z
      .object({ file: z.string().min(1), args: z.array(z.string()).optional() })
      .strict()
      .nullable()
      .optional(),
    /**
     * Prompt and command marks from bash, zsh, fish and PowerShell (on by default): `false` starts
     * the next terminals' shells exactly as configured, without the integration scripts.
     */
    shellIntegration: z.boolean().nullable().optional(),
    /**
     * Where "New agent in worktree" puts worktrees: absolute, `~/…`, or relative to the
     * repository (default: a `<repository>.worktrees` folder beside it).
     */
    worktreeFolder: z.string().min(1).nullable().optional(),
    /**
     * Each repository's "Worktree set-up": the command a new worktree of it runs in a terminal
     * beside its agent, and whether the agent waits for it (by default it does).
     */
    worktreeSetup: z.array(worktreeSetupSchema).max(1000).nullable().optional(),
    /**
     * The CLI's task tools (TaskCreate, TaskUpdate, …), which give an agent block its plan
     * checklist; the CLI turns them off in headless mode unless asked (on by default).
     */
    taskTools: z.boolean().nullable().optional(),
    /**
     * The ssh config file blocks on other machines read instead of `~/.ssh/config` (`ssh -F`):
     * its `Host` entries are the ones "Connect to host" offers.
     */
    sshConfigFile: z.string().min(1).nullable().optional(),
    /** The View menu's Toggle Developer Tools in the installed app (read at start). */
    devTools: z.boolean().nullable().optional(),
    /**
     * How long a page's terminals and agents outlive it (a reload, a crashed renderer, a dropped
     * connection) for it to come back to them; 0 ends them at once.
     */
    reattachGraceSeconds: z.number().min(0).max(86_400).nullable().optional(),
    /** Which desktop notifications blocks the user is not looking at send (each on by default). */
    notifications: z
      .object({
        needsYou: z.boolean().optional(),
        done: z.boolean().optional(),
        error: z.boolean().optional(),
      })
      .strict()
      .nullable()
      .optional(),
    /** The terminal's font: a CSS font-family list (default: the system's monospace faces). */
    terminalFontFamily: z.string().trim().min(1).max(500).nullable().optional(),
    /** The terminal's font size in CSS pixels (default 13). */
    terminalFontSize: z.number().int().min(6).max(72).nullable().optional(),
    /** Light or dark colours, or those the system asks for (the default). */
    theme: z.enum(colorThemes).nullable().optional(),
  })
  .strict();

export type Settings = z.infer<typeof settingsSchema>;

/** What a new settings file says: every setting, at its default. */
export const defaultSettings: Settings = {
  claudePath: null,
  shell: null,
  shellIntegration: null,
  worktreeFolder: null,
  worktreeSetup: null,
  taskTools: null,
  sshConfigFile: null,
  devTools: null,
  reattachGraceSeconds: null,
  notifications: { needsYou: true, done: true, error: true },
  terminalFontFamily: null,
  terminalFontSize: null,
  theme: null,
};

export const notificationSettingsSchema = z.object({
  needsYou: z.boolean(),
  done: z.boolean(),
  error: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** Each kind of notification on unless the settings turn it off. */
export function notificationSettings(settings: Settings): NotificationSettings {
  const chosen = settings.notifications ?? {};
  return {
    needsYou: chosen.needsYou ?? true,
    done: chosen.done ?? true,
    error: chosen.error ?? true,
  };
}

export const DEFAULT_TERMINAL_FONT_SIZE = 13;

/** How long a page's blocks outlive it where neither the settings nor the host say. */
export const DEFAULT_REATTACH_GRACE_SECONDS = 60;

export const appearanceSettingsSchema = z.object({
  /** null: Tether's own list of monospace faces. */
  terminalFontFamily: z.string().nullable(),
  terminalFontSize: z.number(),
  theme: z.enum(colorThemes),
});
export type AppearanceSettings = z.infer<typeof appearanceSettingsSchema>;

/** How the window and its terminals look, with the defaults where the settings say nothing. */
export function appearanceSettings(settings: Settings): AppearanceSettings {
  return {
    terminalFontFamily: settings.terminalFontFamily ?? null,
    terminalFontSize: settings.terminalFontSize ?? DEFAULT_TERMINAL_FONT_SIZE,
    theme: settings.theme ?? 'system',
  };
}
