import { z } from 'zod';

// What the pinned CLI answers to the settings requests Tether reads (docs/protocol.md, "Claude
// settings: permission rules, hooks and memory"). Only the fields Tether relies on are checked;
// the CLI sends more.

/** The CLI's names for where a rule or setting comes from. */
export const cliFileSources = {
  userSettings: 'user',
  projectSettings: 'project',
  localSettings: 'local',
  policySettings: 'managed',
} as const;

/** `list_permission_rules`: every rule the session holds, with the source the CLI took it from. */
export const permissionRulesAnswer = z.object({
  state: z.object({
    rules: z.array(
      z.object({
        behavior: z.enum(['allow', 'ask', 'deny']),
        source: z.string(),
        rule: z.string(),
      }),
    ),
    workspaceDirectories: z.array(z.object({ path: z.string(), source: z.string() })),
  }),
});

/** `get_settings`: the merged settings, and each source's own, lowest priority first. */
export const settingsAnswer = z.object({
  effective: z.record(z.string(), z.unknown()),
  sources: z.array(z.object({ source: z.string(), settings: z.record(z.string(), z.unknown()) })),
});

/** `get_context_usage`: the memory files the session loaded, in load order. */
export const memoryFilesAnswer = z.object({
  memoryFiles: z.array(z.object({ path: z.string(), type: z.string() })),
});
